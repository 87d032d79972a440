import { headers } from 'next/headers';
import type { ReactNode } from 'react';

import { AppHeader } from '@/components/app-header';
import { CompanyTabs } from '@/components/company-tabs';
import { linkClass } from '@/components/detail-parts';
import { Link } from '@/components/link';
import { PAGE_PATH_HEADER } from '@/lib/base/http/page-path';
import { getMessages } from '@/lib/base/i18n/server';
import { companyTabs } from '@/lib/doors/company/company-tabs';
import { requireCompany } from '@/lib/doors/company/page';
import { requireAddressedRecord } from '@/lib/features/pages/addressed-record';

/**
 * The frame of every company page: the header with sign-out, the company's name and the tabs. The company is checked
 * here, outside the pages' loading boundaries, so a foreign company answers 403 before anything streams (each page
 * checks again: a layout is not re-rendered on client-side navigation); so is the record the page's address names
 * (an import, a document, a partner: lib/features/pages/addressed-record.ts), so a missing one answers 404.
 */
export default async function CompanyLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ tenantId: string }>;
}) {
  const { tenantId } = await params;
  const company = await requireCompany(tenantId);
  await requireAddressedRecord(company, (await headers()).get(PAGE_PATH_HEADER));
  const { session, connection } = company;
  const { t } = await getMessages();
  const stored = await connection();
  const d = t.docs.nav;

  return (
    <>
      <AppHeader t={t} userId={session.userId} />
      <div>
        {session.tenantIds.length > 1 && (
          <Link href="/" className={`text-sm ${linkClass}`}>
            ← {t.back}
          </Link>
        )}
        <h1 className="mt-1 text-xl font-semibold text-slate-900">
          {stored.name ?? `${t.unnamedCompany} ${tenantId}`}
        </h1>
        <p className="text-sm text-slate-500">
          {t.companyId}: {tenantId}
        </p>
        <CompanyTabs label={d.label} tabs={companyTabs(tenantId, t)} />
      </div>
      <main id="main" tabIndex={-1} className="mt-4 focus:outline-none">
        {children}
      </main>
    </>
  );
}
