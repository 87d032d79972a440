/**
 * `npm run bench:mirror-pages` (part of `npm run bench`): a large company's first full sync and then its list pages,
 * through the product as it runs: `next start` (production build, MIRROR_SYNC=on) on a real PostgreSQL, the sandbox's
 * data API with its real rate limit in this process.
 *
 * 1. The sync. Company 10001 holds BENCH_SYNC_INVOICES (20 000) invoices and BENCH_SYNC_EXPENSES (10 000) expenses
 *    (with its usual delivery notes). Jana signs in through the sandbox's launch; the token delivery asks for the
 *    company's sync (the `mirror.sync` job, background priority), which runs until the mirror's first full sync ends.
 *    From the sandbox's request log: the sync's calls, arrivals per second (first to last), the most in any second,
 *    429s; from the database: connection to `full_synced_at`. What was measured is reported, nothing extrapolated.
 * 2. The pages. With the copy complete, the invoice list is viewed over HTTP with the session, one view per 600 ms
 *    (below the token's 3 calls a second, so a view that still calls the data API never waits for a slot):
 *    BENCH_MIRROR_PAGE_VIEWS (160) timed views after 10 warm-up, half plain list views (filters, sorts, deep pages), half
 *    searches (`q`: a partner's name, a word of it, part of a number, an IČO, two words, "sk"). p50 / p95 / max of
 *    the whole page (request to last byte), and the data-API calls each view made (0 once the lists read the mirror).
 * 3. The overview and the partners. The company's overview (its cards, the top overdue partners, three charts of
 *    its documents) and its partners' list (every partner's receivables, payables and ageing, summed over all its
 *    documents), BENCH_MIRROR_SUMMARY_VIEWS (30) timed views of each after 3 warm-up, the two alternating, one view per
 *    600 ms: p50 / p95 / max of the whole page. No issue sets an aim; they are the pages that read all of a large
 *    company's documents on every view.
 * 4. The export. The whole invoice list downloaded as XLSX and as CSV with the session, one at a time (3 runs each
 *    after one untimed): time to the headers, to the body's first byte (aim for XLSX: < 0.5 s) and to its last byte
 *    (bench/support/export-downloads.ts); then a third download while two are held open (429 expected).
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL); a database `addon_bench_<random>` is created and dropped again.
 * Writes bench/results/mirror-pages-<timestamp>.json. Exits non-zero when a 429 was seen or more than 1% of the views
 * errored. Uses the existing production build in `.next`.
 */
import { attribute } from './support/attribution';
import { installCleanup, positiveInteger } from './support/cleanup';
import { measureExportDownloads } from './support/export-downloads';
import { cpuWindow, firstReadOf, nextBuildId, openBench, publish, runBench, startMirroring } from './support/harness';
import { keepAliveClient } from './support/http';
import { isSyncCall, type RateFigures, rateOf, waitForMirrors } from './support/mirror-calls';
import { runPacedViews, type ViewSample } from './support/page-load';
import type { PlannedView } from './support/page-plan';
import { BENCH_USER, signInThroughSandbox } from './support/sign-in';
import { summarize } from './support/stats';

const INVOICES = positiveInteger('BENCH_SYNC_INVOICES', 20_000);
const EXPENSES = positiveInteger('BENCH_SYNC_EXPENSES', 10_000);
const VIEWS = positiveInteger('BENCH_MIRROR_PAGE_VIEWS', 160);
const WARMUP_VIEWS = 10;
const SUMMARY_VIEWS = positiveInteger('BENCH_MIRROR_SUMMARY_VIEWS', 30);
const SUMMARY_WARMUP_VIEWS = 3;
const PACE_MS = 600;
const MAX_ERROR_RATE = 0.01;
const TENANT = '10001';
const AIMS = { syncCallsPerSecond: 2.5, status429: 0, listP95Ms: 80, searchP95Ms: 100 };

const progress = (message: string) => console.error(`[bench:mirror-pages] ${message}`);
const cleanup = installCleanup(progress);

type SearchInputs = { partners: string[]; words: string[]; numberParts: string[]; icos: string[] };

/** Search inputs taken from a page of the company's own invoices (read with a token of the bench's own). */
async function searchInputsOf(sandboxUrl: string, token: string): Promise<SearchInputs> {
  const skip = Math.floor(INVOICES / 4);
  const response = await fetch(`${sandboxUrl}/api/invoices?Top=100&Skip=${skip}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    // The first request of a company generates its data: 20 000 invoices take a while.
    signal: AbortSignal.timeout(300_000),
  });
  if (response.status !== 200) throw new Error(`GET /api/invoices answered ${response.status}`);
  type Invoice = {
    documentNumber?: string;
    partner?: { registrationId?: string; address?: { businessName?: string } };
  };
  const invoices = ((await response.json()) as { data: Invoice[] }).data;
  const partners = [...new Set(invoices.map((i) => i.partner?.address?.businessName).filter((n): n is string => !!n))];
  return {
    partners,
    words: [...new Set(partners.map((name) => name.split(' ')[0]!))],
    numberParts: invoices.map((i) => i.documentNumber?.slice(-6)).filter((n): n is string => !!n),
    icos: invoices.map((i) => i.partner?.registrationId).filter((n): n is string => !!n),
  };
}

/** Plain list views and searches, alternating; `offset` continues the rotation after the warm-up. */
function planViews(inputs: SearchInputs, offset: number, count: number): PlannedView[] {
  const base = `/companies/${TENANT}/invoices`;
  const deep = Math.min(10_000, Math.floor(INVOICES / 2 / 25) * 25);
  const lists = [
    '',
    'Skip=25',
    'PaymentStatus=0',
    'PaymentStatus=0&DueDateStatus=2',
    `Skip=${deep}`,
    'sort=-total',
    'sort=partner',
    'PaymentStatus=1&Top=50',
    'sort=documentNumber',
    'DueDateStatus=1',
  ];
  const pick = (list: readonly string[], n: number) => list[n % list.length] ?? 'sk';
  const searches = [
    (n: number) => `q=${encodeURIComponent(pick(inputs.partners, n))}`,
    (n: number) => `q=${encodeURIComponent(pick(inputs.words, n))}`,
    (n: number) => `q=${encodeURIComponent(pick(inputs.numberParts, n))}`,
    (n: number) => `q=${encodeURIComponent(pick(inputs.icos, n))}`,
    (n: number) => `q=${encodeURIComponent(`${pick(inputs.words, n)} 2026`)}&sort=-total`,
    () => 'q=sk',
  ];
  const views: PlannedView[] = [];
  for (let i = offset; i < offset + count; i += 1) {
    const n = Math.floor(i / 2);
    const query = i % 2 === 0 ? pick(lists, n) : searches[n % searches.length]!(n);
    views.push({ kind: 'list', path: query ? `${base}?${query}` : base });
  }
  return views;
}

const isSearch = (sample: Pick<ViewSample, 'path'>) => /[?&]q=/.test(sample.path);

/** The overview and the partners' list, alternating, `count` of each. */
function planSummaryViews(count: number): PlannedView[] {
  return Array.from({ length: count }, (): PlannedView[] => [
    { kind: 'overview', path: `/companies/${TENANT}` },
    { kind: 'partners', path: `/companies/${TENANT}/partners` },
  ]).flat();
}

async function main(): Promise<number> {
  const buildId = nextBuildId();
  const bench = await openBench(cleanup, progress);
  const { sandbox, server, memory, healthy } = await startMirroring(bench, progress, TENANT, {
    invoices: INVOICES,
    expenses: EXPENSES,
  });
  const inputs = await firstReadOf(progress, `${TENANT} (${INVOICES} invoices, ${EXPENSES} expenses)`, () =>
    searchInputsOf(sandbox.url, sandbox.tokens.issue(TENANT, 'bench')),
  );
  await healthy();

  const http = await keepAliveClient(4, cleanup);

  // 1. The first full sync, from the connection on.
  sandbox.dataApi.resetRequests();
  const connectedAt = Date.now();
  const cookie = await signInThroughSandbox(http.fetch, sandbox.url, BENCH_USER, [TENANT]);
  progress(`${BENCH_USER} signed in for ${TENANT}: the token delivery asks for the company's sync`);
  const expectedCalls = Math.ceil(INVOICES / 100) + Math.ceil(EXPENSES / 100) + 10;
  const synced = await waitForMirrors(bench.database.url, (states) => states.get(TENANT)?.fullSyncedAt != null, {
    // Well beyond 2.5 calls a second, so a slow run is measured rather than cut off.
    timeoutMs: 120_000 + expectedCalls * 1_000,
    signal: cleanup.signal,
    report: (states) => progress(`sync: ${states.get(TENANT)?.read ?? 0} documents read`),
  });
  const state = synced.get(TENANT)!;
  const log = sandbox.dataApi.requests().filter((request) => request.tenantId === TENANT);
  // No page is viewed meanwhile: every call of the company is the sync's (its reference lists included).
  const sync: RateFigures & { documentListCalls: number; connectedToFullSyncSeconds: number; documents: number } = {
    ...rateOf(log),
    documentListCalls: log.filter(isSyncCall).length,
    connectedToFullSyncSeconds: Math.round((state.fullSyncedAt! - connectedAt) / 100) / 10,
    documents: state.documents,
  };
  progress(`sync: ${JSON.stringify(sync)}`);

  // 2. The list pages on the complete copy.
  const run = (views: PlannedView[]) =>
    runPacedViews({
      fetch: http.fetch,
      baseUrl: server.baseUrl,
      clients: [{ tenantId: TENANT, cookie, views }],
      intervalMs: PACE_MS,
      signal: cleanup.signal,
    });
  progress(
    `pages: ${WARMUP_VIEWS} warm-up views, then ${VIEWS} timed (about ${Math.ceil((VIEWS * PACE_MS) / 1000)} s)`,
  );
  await run(planViews(inputs, 0, WARMUP_VIEWS));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  sandbox.dataApi.resetRequests();
  const endCpuWindow = await cpuWindow(bench, server.pid);
  const timed = await run(planViews(inputs, WARMUP_VIEWS, VIEWS));
  if (cleanup.signal.aborted) throw new Error('interrupted');
  const { cpu, loadAverage } = await endCpuWindow();
  const { views } = attribute(timed.samples, sandbox.dataApi.requests());

  // 3. The overview and the partners, after the lists (their CPU window is the lists' alone).
  progress(`overview and partners: ${SUMMARY_WARMUP_VIEWS} warm-up views of each, then ${SUMMARY_VIEWS} timed`);
  await run(planSummaryViews(SUMMARY_WARMUP_VIEWS));
  const summaryViews = await run(planSummaryViews(SUMMARY_VIEWS));
  if (cleanup.signal.aborted) throw new Error('interrupted');

  // 4. The export of the whole list, after the page views (so it does not weigh on their figures).
  progress('export: the whole invoice list as XLSX and CSV, one download at a time');
  const exports = await measureExportDownloads(
    { fetch: http.fetch, baseUrl: server.baseUrl, tenantId: TENANT, cookie },
    progress,
  );

  const figuresOf = (group: typeof views) => ({
    views: group.length,
    latencyMs: summarize(group.map((v) => v.latencyMs)),
    errors: group.filter((v) => v.error !== null).length,
    rowsP50: summarize(group.map((v) => v.rows)).p50,
    // The page's size (HTML with its RSC payload), which the server renders and sends on every view.
    htmlKbP50: Math.round(summarize(group.map((v) => v.bytes)).p50 / 1024),
    dataApiCalls: group.reduce((sum, v) => sum + v.calls, 0),
    serviceMsP50: summarize(group.map((v) => v.serviceMs)).p50,
  });
  const lists = figuresOf(views.filter((v) => !isSearch(v)));
  const searches = figuresOf(views.filter(isSearch));
  const summaries = attribute(summaryViews.samples, sandbox.dataApi.requests()).views;
  const overview = figuresOf(summaries.filter((v) => v.kind === 'overview'));
  const partners = figuresOf(summaries.filter((v) => v.kind === 'partners'));
  const errorExamples = [...views, ...summaries]
    .filter((v) => v.error !== null)
    .slice(0, 5)
    .map((v) => `${v.path}: ${v.error}`);
  const figures = {
    timestamp: new Date().toISOString(),
    buildId,
    company: { tenantId: TENANT, invoices: INVOICES, expenses: EXPENSES },
    aims: AIMS,
    sync,
    pages: { paceMs: PACE_MS, warmupViews: WARMUP_VIEWS, lists, searches, errorExamples },
    summaries: { warmupViews: SUMMARY_WARMUP_VIEWS, overview, partners },
    // Whether the list pages read the mirror yet: a view on the mirror makes no data-API call.
    pagesReadTheMirror: lists.dataApiCalls === 0 && searches.dataApiCalls === 0,
    exports: exports.downloads,
    exportLimit: exports.limit,
    serverPeakRssMb: Math.round(memory.peakRss() / 1024 / 1024),
    cpuMs: cpu,
    loadAverage,
  };
  memory.stop();

  const row = (name: string, f: typeof lists, aim: number) =>
    `| ${name} | ${f.views} | ${f.latencyMs.p50} | ${f.latencyMs.p95} | ${f.latencyMs.max} | ${f.htmlKbP50} | ${f.dataApiCalls} | ${f.errors} | p95 < ${aim} ms: ${f.latencyMs.p95 < aim ? 'met' : 'missed'} |`;
  const table = [
    `First full sync of ${TENANT} (${INVOICES} invoices, ${EXPENSES} expenses; ${sync.documents} documents stored), load average ${loadAverage.join(' → ')}:`,
    '',
    '| sync calls | calls/s (arrivals) | most in any 1 s | 429s | first to last call | connection to full sync |',
    '|---|---|---|---|---|---|',
    `| ${sync.calls} | ${sync.callsPerSecond} | ${sync.maxInAnySecond} | ${sync.status429} | ${sync.spanSeconds} s | ${sync.connectedToFullSyncSeconds} s |`,
    '',
    `List pages over HTTP (production build), one view per ${PACE_MS} ms; pages read the mirror: ${figures.pagesReadTheMirror ? 'yes' : 'no (data API)'}:`,
    '',
    '| views | n | p50 ms | p95 ms | max ms | HTML KB p50 | data-API calls | errors | aim |',
    '|---|---|---|---|---|---|---|---|---|',
    row('list', lists, AIMS.listP95Ms),
    row('search', searches, AIMS.searchP95Ms),
    '',
    'The overview and the partners on the same copy, one view per 600 ms, alternating (no aim set):',
    '',
    '| page | n | p50 ms | p95 ms | max ms | HTML KB p50 | errors |',
    '|---|---|---|---|---|---|---|',
    ...(
      [
        ['overview', overview],
        ['partners', partners],
      ] as const
    ).map(
      ([name, f]) =>
        `| ${name} | ${f.views} | ${f.latencyMs.p50} | ${f.latencyMs.p95} | ${f.latencyMs.max} | ${f.htmlKbP50} | ${f.errors} |`,
    ),
    '',
    exports.table,
  ].join('\n');
  publish('mirror-pages', figures, table, progress);

  if (errorExamples.length > 0) console.error(`errored views, e.g. ${errorExamples.join('; ')}`);
  const errorRate =
    (lists.errors + searches.errors + overview.errors + partners.errors) / Math.max(1, views.length + summaries.length);
  return sync.status429 > 0 || errorRate > MAX_ERROR_RATE ? 1 : 0;
}

runBench('bench:mirror-pages', cleanup, main);
