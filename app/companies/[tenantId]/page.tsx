import { ConnectionPanel } from '@/components/connection-panel';
import { ConsentNotice, ReplacedConnectionNotice } from '@/components/consent-notice';
import { PasteOutcomeNotice } from '@/components/paste-token-form';
import type { PasteOutcome } from '@/lib/connections/pasted-token';
import { LatestDocuments, UnpaidFigures } from '@/components/overview-parts';
import { ChartsNotice, OverviewChartsSection } from '@/components/overview-charts';
import { chartsOfCompany } from '@/lib/documents/overview-charts';
import { ServiceProblem } from '@/components/service-problem';
import { formatClockTime } from '@/lib/i18n/format';
import { addDays, companyToday } from '@/lib/company/calendar';
import { loadOverviewPage } from '@/lib/documents/overview-page';
import { companyPath } from '@/lib/documents/present';
import { fill } from '@/lib/i18n/documents';
import { getMessages } from '@/lib/i18n/server';
import { requireCompany, sessionCompanies } from '@/lib/company/page';
import { findConnectionNotice } from '@/lib/connections/notice';
import { findConsentResult } from '@/lib/consent/result';
import { getEnv } from '@/lib/env';
import { companyPageTitle } from '@/lib/documents/page-titles';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.docs.nav.overview);

/**
 * Overview of one company: what is unpaid and overdue, the latest documents, and the connection's state. What just
 * happened to the connection (a consent's or a pasted token's outcome, a connection replaced by a consent started
 * elsewhere) is said first, at the top. A company without a working connection shows its connection panel in place
 * of the figures, once (not a second warning telling the user to connect it "on its overview"). With the mirror on
 * (MIRROR_SYNC), the figures come from the company's copy once its invoices and expenses were read (no call to the
 * service), and charts from the copy follow (until then a note says they will).
 */
type Props = {
  params: Promise<{ tenantId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const pasteOutcomes: readonly PasteOutcome[] = ['connected', 'invalid', 'rejected', 'busy', 'unavailable'];

export default async function CompanyPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const query = await searchParams;
  const pasteOutcome = pasteOutcomes.find((outcome) => outcome === query.connection) ?? null;
  const door = await requireCompany(tenantId);
  const { session, read, connection } = door;
  const env = getEnv();
  // Back from a consent: its progress page (or /consent/return, for the very session that started it, unframed)
  // sends the browser here with the attempt's public id.
  const consentId = typeof query.consent === 'string' ? query.consent : null;
  const { t, locale } = await getMessages();
  const d = t.docs;
  const known = await connection();
  const today = companyToday(new Date());
  const [loaded, connections, consentResult, connectionNotice, charts] = await Promise.all([
    loadOverviewPage(door),
    sessionCompanies(session),
    consentId ? read((db) => findConsentResult(db, consentId, session)) : null,
    read(findConnectionNotice),
    read((db, own) => chartsOfCompany(db, own, { mirrorSync: env.mirrorSync, today })),
  ]);
  // The service may refuse the token while this page loads (the load marks it): the panel says so, not the figures.
  const refusedNow = !loaded.ok && loaded.problem.kind === 'disconnected';
  const company = refusedNow && known.state === 'connected' ? { ...known, state: 'invalid' as const } : known;
  const connected = company.state === 'connected';
  // The company a consent was started for (normally this one), as it stands now.
  const askedFor = (asked: string) => {
    const now = asked === tenantId ? company : connections.find((connection) => connection.tenantId === asked);
    return { tenantId: asked, name: now?.name ?? null, connected: now?.state === 'connected' };
  };
  const link = (...segments: string[]) => companyPath(tenantId, ...segments);
  const panel = (className: string) => (
    <ConnectionPanel
      t={t}
      company={company}
      lacking={connections.filter((connection) => connection.state !== 'connected').length}
      actions={{
        consent: env.consent ? link('connection', 'consent') : null,
        token: link('connection', 'token'),
        activity: link('activity'),
      }}
      pasteOutcome={pasteOutcome}
      className={className}
    />
  );
  // The lists behind the cards. Invoices have a due-date status filter (2 = overdue); expenses only a due-date
  // range, so "overdue" is "due by yesterday" there.
  const yesterday = addDays(today, -1);
  const overdueInvoices = `${link('invoices')}?${new URLSearchParams({ PaymentStatus: '0', DueDateStatus: '2' })}`;
  const overdueExpenses = `${link('expenses')}?${new URLSearchParams({ PaymentStatus: '0', DueDateTo: yesterday })}`;
  const shown = { tenantId, texts: d, locale };

  return (
    <>
      <h2 className="sr-only">{d.overview.title}</h2>
      {consentResult && <ConsentNotice t={t} result={consentResult} asked={askedFor(consentResult.startedFor)} />}
      {pasteOutcome && <PasteOutcomeNotice t={t} outcome={pasteOutcome} />}
      {connectionNotice && <ReplacedConnectionNotice t={t} locale={locale} notice={connectionNotice} />}
      {!connected && panel('mb-6')}
      {loaded.ok ? (
        <>
          <UnpaidFigures kind="invoices" overview={loaded.value} overdueHref={overdueInvoices} {...shown} />
          <UnpaidFigures kind="expenses" overview={loaded.value} overdueHref={overdueExpenses} spaced {...shown} />
          <p className="mt-2 text-xs text-slate-500" data-as-of={loaded.value.computedAt}>
            {fill(d.overview.asOf, { time: formatClockTime(new Date(loaded.value.computedAt), locale) })}
          </p>

          <LatestDocuments kind="invoices" overview={loaded.value} {...shown} />
          <LatestDocuments kind="expenses" overview={loaded.value} {...shown} />
        </>
      ) : refusedNow || !connected ? null : (
        <ServiceProblem problem={loaded.problem} texts={d} retryHref={link()} />
      )}
      {/* From the company's copy (MIRROR_SYNC): never once the service refused the token, even during this load. */}
      {refusedNow || charts.state === 'off' ? null : charts.state === 'ready' ? (
        <OverviewChartsSection charts={charts.charts} texts={d} locale={locale} />
      ) : (
        <ChartsNotice state={charts.state} texts={d} />
      )}

      {connected && panel('mt-6')}
    </>
  );
}
