import Link from 'next/link';
import { getDb } from '@/lib/db/client';
import { forPage } from '@/lib/db/errors';
import { listConnections } from '@/lib/broker/connections';
import { getMessages } from '@/lib/i18n/server';
import { requireCompany } from '@/lib/session/require-session';
import { AppHeader } from '@/components/app-header';
import { ConnectionBadge } from '@/components/connection-badge';

/** Overview of one company of the session; 403 for any other company. */
export default async function CompanyPage({ params }: { params: Promise<{ tenantId: string }> }) {
  const { tenantId } = await params;
  const session = await requireCompany(tenantId);
  const { t } = await getMessages();
  const [company] = await forPage(async () => listConnections(await getDb(), { ...session, tenantIds: [tenantId] }));
  const state = company?.state ?? 'missing';

  return (
    <>
      <AppHeader t={t} userId={session.userId} />
      <main>
        {session.tenantIds.length > 1 && (
          <Link href="/" className="text-sm font-medium text-brand-700 hover:underline">
            ← {t.back}
          </Link>
        )}
        <h1 className="mt-2 text-xl font-semibold text-slate-900">{company?.name ?? `${t.unnamedCompany} ${tenantId}`}</h1>
        <p className="text-sm text-slate-500">
          {t.companyId}: {tenantId}
        </p>
        <section className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="connection">
          <div className="flex items-center justify-between gap-4">
            <h2 id="connection" className="font-medium text-slate-900">
              {t.connection}
            </h2>
            <ConnectionBadge t={t} state={state} />
          </div>
          <p className="mt-2 text-sm text-slate-700">{t.stateHelp[state]}</p>
        </section>
      </main>
    </>
  );
}
