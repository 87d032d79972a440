/**
 * `npm run bench:money-pages` (part of `npm run bench`): the payments' and the stock's pages of a company holding
 * BENCH_MONEY_PAYMENTS (20 000) payments and BENCH_MONEY_ITEMS (5 000) catalog items, through the product as it runs:
 * `next start` (production build, MIRROR_SYNC=on) on a real PostgreSQL, the sandbox's data API with its real rate
 * limit in this process.
 *
 * Jana signs in through the sandbox's launch; the token delivery asks for the company's sync, which runs until the
 * mirror's first full sync ends (its figures are bench:money-sync's). Then, one view per 400 ms, BENCH_MONEY_VIEWS
 * (240) timed views after 12 warm-up, in four groups of the same size: payment lists (filters by account and by
 * period, sorts, deep pages), payment searches (a partner's name, a word of it, a variable symbol, an IBAN, an amount),
 * stock lists (a warehouse, sorts, below=1, deep pages) and stock searches (an item's code, a word of its name, an
 * EAN). Each view is timed from the request to the body's last byte (query and page, as the document lists are
 * measured) and must answer 200 with its table or its empty state. p50 / p95 / max per group; aims p95 < 80 ms for
 * lists and < 100 ms for searches.
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL); a database `addon_bench_<random>` is created and dropped again.
 * Writes bench/results/money-pages-<timestamp>.json. Exits non-zero when more than 1% of the views errored. Uses the
 * existing production build in `.next`.
 */
import { installCleanup, positiveInteger } from './support/cleanup';
import { cpuWindow, firstReadOf, nextBuildId, openBench, publish, runBench, startMirroring } from './support/harness';
import { keepAliveClient } from './support/http';
import { waitForExpenseJournals, waitForMirrors } from './support/mirror-calls';
import { BENCH_USER, signInThroughSandbox } from './support/sign-in';
import { summarize } from './support/stats';

const PAYMENTS = positiveInteger('BENCH_MONEY_PAYMENTS', 20_000);
const ITEMS = positiveInteger('BENCH_MONEY_ITEMS', 5_000);
const VIEWS = positiveInteger('BENCH_MONEY_VIEWS', 240);
const WARMUP_VIEWS = 12;
const PACE_MS = 400;
const MAX_ERROR_RATE = 0.01;
const TENANT = '10001';
const AIMS = { listP95Ms: 80, searchP95Ms: 100 };
const GROUPS = ['payment lists', 'payment searches', 'stock lists', 'stock searches'] as const;
type Group = (typeof GROUPS)[number];

const progress = (message: string) => console.error(`[bench:money-pages] ${message}`);
const cleanup = installCleanup(progress);

type Inputs = {
  partners: string[];
  symbols: string[];
  ibans: string[];
  amounts: string[];
  accounts: string[];
  codes: string[];
  names: string[];
  eans: string[];
  warehouses: string[];
};

/** What the views look for, taken from the company's own records (read with a token of the bench's own). */
async function inputsOf(sandboxUrl: string, token: string): Promise<Inputs> {
  const read = async (path: string) => {
    const response = await fetch(`${sandboxUrl}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      // The first request of a company generates its data.
      signal: AbortSignal.timeout(300_000),
    });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return ((await response.json()) as { data: Record<string, unknown>[] }).data;
  };
  const texts = (rows: Record<string, unknown>[], field: string) => [
    ...new Set(rows.map((row) => row[field]).filter((value): value is string => typeof value === 'string' && !!value)),
  ];
  const payments = await read(`/api/payments?Top=100&Skip=${Math.floor(PAYMENTS / 3)}`);
  const items = await read(`/api/catalog-items?Top=100&Skip=${Math.floor(ITEMS / 3)}`);
  const warehouses = await read('/api/warehouses?Top=100');
  return {
    partners: texts(payments, 'partnerName'),
    symbols: texts(payments, 'variableSymbol'),
    ibans: texts(payments, 'iban'),
    amounts: payments.map((p) => String(p.sumOfPayment).replace('.', ',')),
    accounts: [...new Set(payments.map((p) => String(p.accountId)))],
    codes: texts(items, 'itemCode'),
    names: texts(items, 'name').map((name) => name.split(' ')[0]!),
    eans: texts(items, 'eanCode'),
    warehouses: texts(warehouses, 'code'),
  };
}

/** `shape`: the view's address with the values taken from the company's records left out, to compare views. */
type View = { group: Group; path: string; shape: string };

/** The four groups in turn; `offset` continues the rotation after the warm-up. */
function planViews(inputs: Inputs, offset: number, count: number): View[] {
  const pick = (list: readonly string[], n: number) => list[n % Math.max(1, list.length)] ?? 'a';
  const q = (text: string) => `q=${encodeURIComponent(text)}`;
  const payments = `/companies/${TENANT}/payments`;
  const stock = `/companies/${TENANT}/stock`;
  const deepPayments = Math.floor(PAYMENTS / 2 / 25) * 25;
  const deepItems = Math.floor(ITEMS / 2 / 25) * 25;
  const rotations: Record<Group, ((n: number) => string)[]> = {
    'payment lists': [
      () => payments,
      () => `${payments}?sort=-amount`,
      (n) => `${payments}?AccountId=${pick(inputs.accounts, n)}`,
      () => `${payments}?PaymentDateFrom=2026-01-01&PaymentDateTo=2026-06-30`,
      () => `${payments}?Skip=${deepPayments}`,
      () => `${payments}?sort=partner&Top=100`,
    ],
    'payment searches': [
      (n) => `${payments}?${q(pick(inputs.partners, n))}`,
      (n) => `${payments}?${q(pick(inputs.partners, n).split(' ')[0]!)}`,
      (n) => `${payments}?${q(pick(inputs.symbols, n))}`,
      (n) => `${payments}?${q(pick(inputs.ibans, n))}`,
      (n) => `${payments}?${q(pick(inputs.amounts, n))}`,
    ],
    'stock lists': [
      () => stock,
      (n) => `${stock}?warehouse=${encodeURIComponent(pick(inputs.warehouses, n))}`,
      () => `${stock}?sort=-quantity`,
      () => `${stock}?below=1`,
      () => `${stock}?Skip=${deepItems}`,
      () => `${stock}?sort=name&Top=100`,
    ],
    'stock searches': [
      (n) => `${stock}?${q(pick(inputs.codes, n))}`,
      (n) => `${stock}?${q(pick(inputs.names, n))}`,
      (n) => `${stock}?${q(pick(inputs.eans, n))}`,
    ],
  };
  const views: View[] = [];
  for (let i = offset; i < offset + count; i += 1) {
    const group = GROUPS[i % GROUPS.length]!;
    const n = Math.floor(i / GROUPS.length);
    const rotation = rotations[group];
    const index = n % rotation.length;
    views.push({
      group,
      path: rotation[index]!(n),
      shape: rotation[index]!(0).replace(/\b(q|AccountId|warehouse)=[^&]*/, '$1=…'),
    });
  }
  return views;
}

/** Why a view does not show what it should, or null: 200 with its rows (or its empty state), no error page. */
function judge(group: Group, status: number, html: string): string | null {
  if (status !== 200) return `status ${status}`;
  if (html.includes('data-error-page="true"')) return 'error page';
  const rows = group.startsWith('payment') ? 'data-payment-id=' : 'data-item-code=';
  if (!html.includes(rows) && !html.includes('data-empty="true"')) return 'neither rows nor the empty state';
  return null;
}

async function main(): Promise<number> {
  const buildId = nextBuildId();
  const bench = await openBench(cleanup, progress);
  const { sandbox, server, memory, healthy } = await startMirroring(bench, progress, TENANT, {
    payments: PAYMENTS,
    catalogItems: ITEMS,
  });
  const inputs = await firstReadOf(progress, TENANT, () =>
    inputsOf(sandbox.url, sandbox.tokens.issue(TENANT, 'bench')),
  );
  await healthy();

  const http = await keepAliveClient(2, cleanup);
  const cookie = await signInThroughSandbox(http.fetch, sandbox.url, BENCH_USER, [TENANT]);
  progress(`${BENCH_USER} signed in: waiting for the first full sync (payments and items included)`);
  await waitForMirrors(bench.database.url, (states) => states.get(TENANT)?.fullSyncedAt != null, {
    timeoutMs: 1_800_000,
    signal: cleanup.signal,
    report: (states) => progress(`sync: ${states.get(TENANT)?.read ?? 0} records read`),
  });

  // The expenses' journals are read one by one after the full sync: the views start once that is over, so they
  // measure the pages and not the pages beside a sync (bench:money-sync measures the sync).
  const journalsMs = await waitForExpenseJournals(bench.database.url, TENANT, {
    timeoutMs: 900_000,
    signal: cleanup.signal,
    report: (left) => progress(`journals: ${left} expenses left to read`),
  });
  progress(`the expenses' journals read ${Math.round(journalsMs / 1000)} s after the full sync`);

  type Sample = View & { latencyMs: number; bytes: number; error: string | null };
  const run = async (views: View[]): Promise<Sample[]> => {
    const samples: Sample[] = [];
    for (const view of views) {
      if (cleanup.signal.aborted) throw new Error('interrupted');
      const started = performance.now();
      let error: string | null;
      let bytes = 0;
      try {
        const response = await http.fetch(`${server.baseUrl}${view.path}`, {
          headers: { cookie },
          signal: AbortSignal.timeout(30_000),
        });
        const html = await response.text();
        bytes = Buffer.byteLength(html);
        error = judge(view.group, response.status, html);
      } catch (failure) {
        error = String(failure);
      }
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      samples.push({ ...view, latencyMs, bytes, error });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, PACE_MS - latencyMs)));
    }
    return samples;
  };
  progress(`pages: ${WARMUP_VIEWS} warm-up views, then ${VIEWS} timed`);
  await run(planViews(inputs, 0, WARMUP_VIEWS));
  const endCpuWindow = await cpuWindow(bench, server.pid);
  const samples = await run(planViews(inputs, WARMUP_VIEWS, VIEWS));
  const { cpu, loadAverage } = await endCpuWindow();

  const figuresOf = (group: Group) => {
    const own = samples.filter((sample) => sample.group === group);
    return {
      views: own.length,
      latencyMs: summarize(own.map((sample) => sample.latencyMs)),
      errors: own.filter((sample) => sample.error !== null).length,
    };
  };
  const groups = Object.fromEntries(GROUPS.map((group) => [group, figuresOf(group)])) as Record<
    Group,
    ReturnType<typeof figuresOf>
  >;
  // Which views make a group's tail: each shape's median and largest latency, and its page's size.
  const shapes = [...new Set(samples.map((sample) => sample.shape))].map((shape) => {
    const own = samples.filter((sample) => sample.shape === shape);
    const latency = summarize(own.map((sample) => sample.latencyMs));
    const kilobytes = summarize(own.map((sample) => Math.round(sample.bytes / 1024)));
    return { shape, views: own.length, p50Ms: latency.p50, maxMs: latency.max, pageKb: kilobytes.p50 };
  });
  const errorExamples = samples
    .filter((sample) => sample.error !== null)
    .slice(0, 5)
    .map((sample) => `${sample.path}: ${sample.error}`);
  const figures = {
    timestamp: new Date().toISOString(),
    buildId,
    company: { tenantId: TENANT, payments: PAYMENTS, catalogItems: ITEMS },
    aims: AIMS,
    paceMs: PACE_MS,
    groups,
    shapes,
    errorExamples,
    serverPeakRssMb: Math.round(memory.peakRss() / 1024 / 1024),
    journalsWaitMs: journalsMs,
    cpuMs: cpu,
    loadAverage,
  };
  memory.stop();

  const aimOf = (group: Group) => (group.endsWith('searches') ? AIMS.searchP95Ms : AIMS.listP95Ms);
  const table = [
    `Payments and stock pages of ${TENANT} (${PAYMENTS} payments, ${ITEMS} catalog items) over HTTP (production build), one view per ${PACE_MS} ms, load average ${loadAverage.join(' → ')}:`,
    '',
    '| views | n | p50 ms | p95 ms | max ms | errors | aim |',
    '|---|---|---|---|---|---|---|',
    ...GROUPS.map((group) => {
      const f = groups[group];
      const aim = aimOf(group);
      return `| ${group} | ${f.views} | ${f.latencyMs.p50} | ${f.latencyMs.p95} | ${f.latencyMs.max} | ${f.errors} | p95 < ${aim} ms: ${f.latencyMs.p95 < aim ? 'met' : 'missed'} |`;
    }),
    '',
    '| view | n | p50 ms | max ms | page KB |',
    '|---|---|---|---|---|',
    ...shapes.map((each) => `| \`${each.shape}\` | ${each.views} | ${each.p50Ms} | ${each.maxMs} | ${each.pageKb} |`),
  ].join('\n');
  publish('money-pages', figures, table, progress);

  if (errorExamples.length > 0) console.error(`errored views, e.g. ${errorExamples.join('; ')}`);
  const errors = GROUPS.reduce((sum, group) => sum + groups[group].errors, 0);
  return errors / Math.max(1, samples.length) > MAX_ERROR_RATE ? 1 : 0;
}

runBench('bench:money-pages', cleanup, main);
