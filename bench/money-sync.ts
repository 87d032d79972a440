/**
 * `npm run bench:money-sync` (part of `npm run bench`): the first full copy of a company's money and stock. One
 * company of the sandbox holds BENCH_MONEY_PAYMENTS (20 000) payments and BENCH_MONEY_ITEMS (5 000) catalog items,
 * as `SANDBOX_VOLUMES=10001:///20000/5000` makes it: its payments are those of its invoices, so it holds as many
 * invoices as they pay (about 24 600; BENCH_MONEY_INVOICES sets a count instead, and payments beyond what those
 * invoices carry are then unpaired receipts), and its usual expenses and delivery notes.
 *
 * Its mirror's first full sync runs in this process as the sync job runs it (lib/owners/mirror/run.ts: the stored
 * token, background priority, the rate budget in PostgreSQL shared by every instance) against the sandbox's data API
 * with its real rate limit (3 calls a second per token), the sandbox in a process of its own (support/sandbox-process.ts),
 * as the service is another machine. Reported from the sandbox's request log, for the payments and catalog part
 * (GET /api/payments, GET /api/catalog-items) and for the whole sync: calls, calls a second (first to last arrival),
 * 429 answers (with the token's calls in the second before each), the most arrivals in any second; the elapsed time
 * of each; the peak RSS of the syncing process and of the sandbox's, and the host's load average. The mirror's rows
 * are counted against the sandbox's.
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL) names the PostgreSQL server; a database `addon_bench_<random>` is
 * created and dropped again. Writes bench/results/money-sync-<timestamp>.json. Exits non-zero when the sandbox
 * answered a 429, saw more than 3 calls of the token in a second, or the mirror lacks records. Needs no build.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import { and, count, eq } from 'drizzle-orm';

import { syncMirror } from '@/lib/owners/mirror/run';
import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';
import { mirrorCatalogItems, mirrorPayments } from '@/lib/platform/db/schema';

import type { CompanyVolume } from '../sandbox/data/company-data';
import { installCleanup, positiveInteger } from './support/cleanup';
import { storeConnection, tokenCalls } from './support/connection';
import { openBench, publish, runBench, startSandboxApart } from './support/harness';
import { sampleMemory } from './support/memory';
import { type RateFigures, rateOf } from './support/mirror-calls';
import { openMigratedPool } from './support/pool';
import { BENCH_USER } from './support/sign-in';

const PAYMENTS = positiveInteger('BENCH_MONEY_PAYMENTS', 20_000);
const ITEMS = positiveInteger('BENCH_MONEY_ITEMS', 5_000);
const INVOICES = process.env.BENCH_MONEY_INVOICES ? positiveInteger('BENCH_MONEY_INVOICES', 1) : undefined;
const TENANT = '10001';
/** The target for the first copy of payments and items. */
const TARGET_CALLS_PER_SECOND = 2.5;
const MONEY_PATHS = new Set(['/api/payments', '/api/catalog-items']);

const progress = (message: string) => console.error(`[bench:money-sync] ${message}`);
const cleanup = installCleanup(progress);
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const seconds = (ms: number) => Math.round(ms / 100) / 10;
const round1 = (n: number) => Math.round(n * 10) / 10;

type Part = RateFigures & { elapsedSeconds: number };

async function main(): Promise<number> {
  const bench = await openBench(cleanup, progress);
  const volume: CompanyVolume = { payments: PAYMENTS, catalogItems: ITEMS, invoices: INVOICES };
  const sandbox = await startSandboxApart(bench, progress, {
    [TENANT]: Object.fromEntries(Object.entries(volume).filter(([, n]) => n !== undefined)),
  });

  const db = await openMigratedPool(bench);

  // The company is generated on first use: not part of the sync.
  const generationStarted = performance.now();
  const counts = await sandbox.counts(TENANT);
  const generationSeconds = seconds(performance.now() - generationStarted);
  progress(`company ${TENANT}: ${JSON.stringify(counts)}, generated in ${generationSeconds} s`);

  const company = { pluginId: sandboxDefaults.pluginId, tenantId: TENANT };
  const token = await storeConnection(db, sandbox, TENANT, BENCH_USER);

  const rssBefore = process.memoryUsage().rss;
  const sandboxMemory = sampleMemory(sandbox.pid, 500);
  const loadBefore = loadavg();
  const started = performance.now();
  const result = await syncMirror(db, company, 'auto', { client: { priority: 'background' } });
  const syncMs = performance.now() - started;
  const loadAfter = loadavg();
  sandboxMemory.stop();
  // The kernel's high-water mark of this process alone (kB): the sync's peak, the sandbox being elsewhere.
  const syncPeakRss = process.resourceUsage().maxRSS * 1024;
  progress(`sync ${result.status} after ${seconds(syncMs)} s, ${result.read} records read`);

  const calls = await tokenCalls(sandbox, token);
  const part = (requests: typeof calls): Part => {
    const figures = rateOf(requests);
    return { ...figures, elapsedSeconds: figures.spanSeconds };
  };
  const money = part(calls.filter((request) => MONEY_PATHS.has(request.path)));
  const payments = part(calls.filter((request) => request.path === '/api/payments'));
  const catalog = part(calls.filter((request) => request.path === '/api/catalog-items'));
  const whole = { ...part(calls), elapsedSeconds: seconds(syncMs) };
  const first = calls[0]?.at ?? 0;
  const refusals = calls
    .filter((request) => request.status === 429)
    .map((refused) =>
      calls
        .filter((other) => other.at > refused.at - 1_000 && other.at <= refused.at)
        .map((other) => `${other.at - first} ms ${other.path}${other.query} ${other.status}`),
    );

  const mirrored = async (table: typeof mirrorPayments | typeof mirrorCatalogItems) => {
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.pluginId, company.pluginId), eq(table.tenantId, TENANT)));
    return Number(row?.n ?? 0);
  };
  const inMirror = { payments: await mirrored(mirrorPayments), catalogItems: await mirrored(mirrorCatalogItems) };
  const complete = inMirror.payments === counts.payments && inMirror.catalogItems === counts.catalogItems;

  const figures = {
    timestamp: new Date().toISOString(),
    company: counts,
    generationSeconds,
    sync: { status: result.status, read: result.read, steps: result.steps },
    inMirror,
    parts: { paymentsAndCatalog: money, payments, catalog, wholeSync: whole },
    /** Each 429, with the token's calls in the second up to it (ms from the sync's first call). */
    refusals,
    memory: {
      syncRssBeforeMb: mb(rssBefore),
      syncPeakRssMb: mb(syncPeakRss),
      sandboxPeakRssMb: mb(sandboxMemory.peakRss()),
    },
    loadAverage: { before: loadBefore.map(round1), after: loadAfter.map(round1) },
    target: {
      callsPerSecond: TARGET_CALLS_PER_SECOND,
      met: money.callsPerSecond >= TARGET_CALLS_PER_SECOND && money.status429 === 0,
    },
  };
  const row = (name: string, p: Part) =>
    `| ${name} | ${p.calls} | ${p.callsPerSecond} | ${p.status429} | ${p.maxInAnySecond} | ${p.elapsedSeconds} |`;
  const table = [
    `First full sync of company ${TENANT}: ${counts.payments} payments, ${counts.catalogItems} catalog items, ` +
      `${counts.invoices} invoices, ${counts.expenses} expenses, ${counts.deliveryNotes} delivery notes ` +
      `(generated in ${generationSeconds} s); mirror holds ${inMirror.payments} payments and ${inMirror.catalogItems} items.`,
    '',
    '| part | calls | calls/s (arrivals) | 429s | most in any 1 s | elapsed s |',
    '|---|---|---|---|---|---|',
    row('payments and catalog items', money),
    row('— payments (pages of 100)', payments),
    row('— catalog items (pages of 100, overlap 10)', catalog),
    row('whole sync (documents, reference lists, payments, items)', whole),
    '',
    `Peak RSS: the syncing process ${figures.memory.syncPeakRssMb} MB (${figures.memory.syncRssBeforeMb} MB before the ` +
      `sync), the sandbox's ${figures.memory.sandboxPeakRssMb} MB. Load average before ` +
      `${figures.loadAverage.before.join(' / ')}, after ${figures.loadAverage.after.join(' / ')}. ` +
      `Target ≥ ${TARGET_CALLS_PER_SECOND} calls/s with no 429: ${figures.target.met ? 'met' : 'NOT met'}.`,
    ...refusals.map((calls, i) => `429 #${i + 1}, with the second before it: ${calls.join('; ')}`),
  ].join('\n');
  publish('money-sync', figures, table, progress);
  const overLimit = whole.status429 > 0 || whole.maxInAnySecond > 3;
  return overLimit || !complete || result.status !== 'ready' ? 1 : 0;
}

runBench('bench:money-sync', cleanup, main);
