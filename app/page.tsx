import { redirect } from 'next/navigation';

import { CompanyFiguresLine, OverdueAcrossSection } from '@/components/across-companies';
import { AppHeader } from '@/components/app-header';
import { ConnectionBadge } from '@/components/connection-badge';
import { Link } from '@/components/link';
import { NoticePage } from '@/components/notice-page';
import type { SearchParams } from '@/lib/base/http/search-params';
import { getMessages } from '@/lib/base/i18n/server';
import { sessionCompanies } from '@/lib/doors/company/page';
import { pageTitle } from '@/lib/doors/company/page-titles';
import { requireSession } from '@/lib/doors/session';
import { acrossCompaniesForPage } from '@/lib/features/documents/across-companies';
import { getEnv } from '@/lib/platform/env';
import { parseListView } from '@/lib/service/records/list-view';

export const generateMetadata = () => pageTitle((t) => t.companies);

/**
 * The main screen: one company → its overview; several → a picker with each connection's state and, with the mirror
 * on (MIRROR_SYNC), each company's unpaid and overdue invoices and the overdue invoices of all of them (searchable
 * with q, as the lists are, and paged with Skip); none → say so.
 */
export default async function HomePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const { t, locale } = await getMessages();
  if (session.tenantIds.length === 1) redirect(`/companies/${encodeURIComponent(session.tenantIds[0]!)}`);
  // The search and the page (Skip) as a list reads them; one it would refuse (too long, control characters, not a
  // whole number) searches nothing, or shows the first page.
  const params = await searchParams;
  const view = parseListView('invoices', { q: params.q });
  const q = view.ok ? view.q : '';
  const paged = parseListView('invoices', { Skip: params.Skip });
  const skip = paged.ok ? paged.skip : 0;
  const [companies, across] = await Promise.all([
    sessionCompanies(session),
    getEnv().mirrorSync && session.tenantIds.length > 0 ? acrossCompaniesForPage(session, { q, skip }) : null,
  ]);
  const nameOf = (tenantId: string) =>
    companies.find((company) => company.tenantId === tenantId)?.name ?? `${t.unnamedCompany} ${tenantId}`;
  const figuresOf = (tenantId: string) => across?.companies.find((entry) => entry.tenantId === tenantId);
  const connected = (tenantId: string) =>
    companies.some((company) => company.tenantId === tenantId && company.state === 'connected');

  return (
    <>
      <AppHeader t={t} userId={session.userId} />
      {companies.length === 0 ? (
        <NoticePage title={t.noCompaniesTitle} body={t.noCompaniesBody} />
      ) : (
        <main id="main" tabIndex={-1} className="focus:outline-none">
          <h1 className="text-xl font-semibold text-slate-900">{t.companies}</h1>
          <p className="mt-1 text-sm text-slate-600">{t.companiesIntro}</p>
          <ul
            className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
            aria-label={t.companies}
          >
            {companies.map((company) => (
              <li key={company.tenantId}>
                <Link
                  href={`/companies/${encodeURIComponent(company.tenantId)}`}
                  className="flex items-center justify-between gap-4 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span>
                    <span className="block font-medium text-slate-900">
                      {company.name ?? `${t.unnamedCompany} ${company.tenantId}`}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {t.companyId}: {company.tenantId}
                    </span>
                    {figuresOf(company.tenantId) && (
                      <CompanyFiguresLine
                        entry={figuresOf(company.tenantId)!}
                        connected={company.state === 'connected'}
                        texts={t.docs}
                        locale={locale}
                      />
                    )}
                  </span>
                  <ConnectionBadge t={t} state={company.state} />
                </Link>
              </li>
            ))}
          </ul>
          {across && (
            <OverdueAcrossSection
              across={across}
              q={q}
              nameOf={nameOf}
              connected={connected}
              texts={t.docs}
              locale={locale}
            />
          )}
        </main>
      )}
    </>
  );
}
