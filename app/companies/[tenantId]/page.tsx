import { ConnectionPanel } from '@/components/connection-panel';
import { ConsentNotice, ReplacedConnectionNotice } from '@/components/consent-notice';
import { MoneyAndStockCards } from '@/components/money-and-stock-cards';
import { ChartsNotice, OverviewChartsSection } from '@/components/overview-charts';
import { OverviewFreshness } from '@/components/overview-freshness';
import { LatestDocuments, UnpaidFigures } from '@/components/overview-parts';
import { PasteOutcomeNotice } from '@/components/paste-token-form';
import { ServiceProblem } from '@/components/service-problem';
import { addDays, companyToday } from '@/lib/base/calendar';
import type { Locale, Messages } from '@/lib/base/i18n/messages';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany, sessionCompanies } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { findConnectionNotice } from '@/lib/features/connections/views';
import { PASTE_OUTCOMES } from '@/lib/features/connections/views';
import { findConsentResult } from '@/lib/features/connections/views';
import { copyStatusOf } from '@/lib/features/copy/read';
import { chartsOfCompany } from '@/lib/features/overview/charts';
import { moneyAndStockCards } from '@/lib/features/overview/money-and-stock-cards';
import { loadOverviewPage } from '@/lib/features/overview/page';
import { getEnv } from '@/lib/platform/env';
import { companyPath } from '@/lib/service/records/present';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.docs.nav.overview);

/**
 * Overview of one company: what is unpaid and overdue, the latest documents, and the connection's state. What just
 * happened to the connection (a consent's or a pasted token's outcome, a connection replaced by a consent started
 * elsewhere) is said first, at the top. A company without a working connection shows its connection panel in place
 * of the figures, once (not a second warning telling the user to connect it "on its overview"). With the mirror on
 * (MIRROR_SYNC), the figures come from the company's copy once its invoices and expenses were read (no call to the
 * service), and charts from the copy follow (until then a note says they will). Under the cards, how fresh they are:
 * the copy's last update (or, while it is prepared, when the service was read), with "Update now".
 */
type Props = {
  params: Promise<{ tenantId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function CompanyPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const query = await searchParams;
  const pasteOutcome = PASTE_OUTCOMES.find((outcome) => outcome === query.connection) ?? null;
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
  const [loaded, connections, consentResult, connectionNotice, charts, mirror, moneyAndStock] = await Promise.all([
    loadOverviewPage(door),
    sessionCompanies(session),
    consentId ? read((db) => findConsentResult(db, consentId, session)) : null,
    read(findConnectionNotice),
    read((db, own) => chartsOfCompany(db, own, { mirrorSync: env.mirrorSync, today })),
    env.mirrorSync ? door.viewNoted.then(() => read(copyStatusOf)) : null,
    moneyAndStockCards(door),
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

  return (
    <>
      <h2 className="sr-only">{d.overview.title}</h2>
      {consentResult && <ConsentNotice t={t} result={consentResult} asked={askedFor(consentResult.startedFor)} />}
      {pasteOutcome && <PasteOutcomeNotice t={t} outcome={pasteOutcome} />}
      {connectionNotice && <ReplacedConnectionNotice t={t} locale={locale} notice={connectionNotice} />}
      {!connected && panel('mb-6')}
      <OverviewFigures
        tenantId={tenantId}
        loaded={loaded}
        mirror={mirror}
        silent={refusedNow || !connected}
        today={today}
        texts={d}
        locale={locale}
      />
      {!refusedNow && <MoneyAndStockCards cards={moneyAndStock} t={t} locale={locale} />}
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

/**
 * The figures from the overview's load: unpaid and overdue invoices and expenses, how fresh they are, the latest
 * documents; or, when the load failed, the service's problem (`silent`: not when the connection's panel already says
 * why: a token refused, even during this load, or no working connection).
 */
function OverviewFigures({
  tenantId,
  loaded,
  mirror,
  silent,
  today,
  texts: d,
  locale,
}: {
  tenantId: string;
  loaded: Awaited<ReturnType<typeof loadOverviewPage>>;
  mirror: Parameters<typeof OverviewFreshness>[0]['status'];
  silent: boolean;
  today: string;
  texts: Messages['docs'];
  locale: Locale;
}) {
  const link = (...segments: string[]) => companyPath(tenantId, ...segments);
  // The lists behind the cards. Invoices have a due-date status filter (2 = overdue); expenses only a due-date
  // range, so "overdue" is "due by yesterday" there.
  const yesterday = addDays(today, -1);
  const overdueInvoices = `${link('invoices')}?${new URLSearchParams({ PaymentStatus: '0', DueDateStatus: '2' })}`;
  const overdueExpenses = `${link('expenses')}?${new URLSearchParams({ PaymentStatus: '0', DueDateTo: yesterday })}`;
  const shown = { tenantId, texts: d, locale };
  // Live figures while the copy is still being made: they are of its first pages, and complete once it is.
  // Once the first copy ended (a kind of the cards the service refuses is read live for good), nothing follows.
  const copyPreparing =
    loaded.ok &&
    loaded.value.from === 'service' &&
    mirror !== null &&
    mirror.fullSyncedAt === null &&
    !['paused', 'stopped'].includes(mirror.status);
  const figures = { ...shown, copyPreparing };
  const freshness = (overview: Parameters<typeof OverviewFreshness>[0]['overview']) => (
    <OverviewFreshness
      overview={overview}
      status={mirror}
      texts={d}
      locale={locale}
      refresh={{ action: link('sync'), back: link() }}
    />
  );

  return loaded.ok ? (
    <>
      <UnpaidFigures kind="invoices" overview={loaded.value} overdueHref={overdueInvoices} {...figures} />
      <UnpaidFigures kind="expenses" overview={loaded.value} overdueHref={overdueExpenses} spaced {...figures} />
      {freshness(loaded.value)}

      <LatestDocuments kind="invoices" overview={loaded.value} {...shown} />
      <LatestDocuments kind="expenses" overview={loaded.value} {...shown} />
    </>
  ) : silent ? null : (
    <>
      <ServiceProblem problem={loaded.problem} texts={d} retryHref={link()} />
      {/* While the copy is made the service may fail the live read: the page is drawn again once it can answer. */}
      {freshness(null)}
    </>
  );
}
