/**
 * `npm run bench:mirror-load` (part of `npm run bench`): forty page loads at once, ten for each of four companies
 * that were just connected, while their first full syncs run (MIRROR_SYNC=on), against `next start` (production
 * build) on a real PostgreSQL and the sandbox's data API with its real rate limit. The loads are those of
 * tests/e2e/load.test.ts: the overview, five views of the invoice list, two invoices, two views of the expenses.
 *
 * Four sessions sign in (their token deliveries ask for the syncs), the server's routes are warmed up with one
 * company's ten loads one after another, and every sync runs to its end; then the copies and the stored tokens are
 * erased and the four sign in again, so the gateway delivers their tokens anew and each company's first full sync
 * starts anew, and the loads go once the syncs are under way. Reported: p50 / p95 / max of
 * the loads (request to last byte), pages showing a problem (`busy` counted apart), each company's page calls (how
 * long after the loads began they reached the service) and the sync's calls that reached it while page calls of the
 * same token were still waiting (the budget's priority says none), the most calls of a token in any second, 429s.
 *
 * With BENCH_LOAD_WHEN=kinds-read the loads go once every company's first full sync has read its invoices and
 * expenses (the kinds these pages show; its delivery notes may still be read), else as soon as two syncs run.
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL); BENCH_LOAD_INVOICES / BENCH_LOAD_EXPENSES give every company
 * that many documents (default: the sandbox's usual few hundred). Writes bench/results/mirror-load-<timestamp>.json.
 * Exits non-zero on a 429 or a 4th call of a token in a second. Uses the existing production build in `.next`.
 */
import type { LoggedRequest } from '../sandbox/data-api/request-log';
import { LOAD_SESSIONS, PROBLEM_MARKERS, tenLoadsOf } from '../tests/support/page-load-mix';
import { installCleanup, positiveInteger } from './support/cleanup';
import { nextBuildId, openBench, publish, runBench, startWithSandbox } from './support/harness';
import { type Fetch, keepAliveClient } from './support/http';
import {
  disconnectCompanies,
  isSyncCall,
  mirrorStates,
  rateOf,
  waitForIdleSyncQueue,
  waitForMirrors,
} from './support/mirror-calls';
import { invoiceIdsOf } from './support/page-plan';
import { signInThroughSandbox } from './support/sign-in';
import { summarize } from './support/stats';

const optional = (name: string) => (process.env[name] ? positiveInteger(name, 1) : undefined);
const LOAD_INVOICES = optional('BENCH_LOAD_INVOICES');
const LOAD_EXPENSES = optional('BENCH_LOAD_EXPENSES');
const AIMS = { busyPages: 0, p95Ms: 1_000 };
/** How long the loads wait for the syncs to be under way before they go anyway. */
const SYNCS_UNDER_WAY_MS = 15_000;
const AFTER_KINDS_READ = process.env.BENCH_LOAD_WHEN === 'kinds-read';
const PAGE_KINDS = ['invoices', 'expenses'];

const TENANTS = LOAD_SESSIONS.map((s) => s.tenantId);

const progress = (message: string) => console.error(`[bench:mirror-load] ${message}`);
const cleanup = installCleanup(progress);

type Load = { tenantId: string; path: string; expect: string };
type Loaded = Load & { startAt: number; ms: number; status: number | null; problem: string | null };

const loadsOf = (tenantId: string, invoiceIds: readonly number[]): Load[] => tenLoadsOf(tenantId, invoiceIds);

async function load(fetch: Fetch, baseUrl: string, cookie: string, planned: Load, signal: AbortSignal) {
  const startAt = Date.now();
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${planned.path}`, {
      headers: { cookie, accept: 'text/html', 'accept-language': 'en-GB,en;q=0.9' },
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(60_000)]),
    });
    const html = await response.text();
    const marker = /data-problem="([a-z-]+)"/.exec(html)?.[1];
    const other = PROBLEM_MARKERS.find((m) => html.includes(m));
    let problem: string | null = null;
    if (response.status !== 200) problem = `status ${response.status}`;
    else if (marker) problem = marker;
    else if (other) problem = other.replace(/=$/, '');
    else if (!html.includes(planned.expect)) problem = `without ${planned.expect}`;
    return { ...planned, startAt, ms: performance.now() - started, status: response.status, problem };
  } catch (error) {
    return { ...planned, startAt, ms: performance.now() - started, status: null, problem: (error as Error).name };
  }
}

/** One company's calls during the loads: when its page calls reached the service, and what the sync sent meanwhile. */
function callsOf(log: readonly LoggedRequest[], tenantId: string, loadsBegan: number, loadsEnded: number) {
  const calls = log.filter((r) => r.tenantId === tenantId).sort((a, b) => a.at - b.at);
  // After the company's last page ended, a call is the sync's (its numbering sequences, read by pages too).
  const pageCalls = calls.filter((r) => !isSyncCall(r) && r.at <= loadsEnded);
  const syncCalls = calls.filter(isSyncCall);
  const lastPageCall = pageCalls.at(-1)?.at ?? loadsBegan;
  const pageCallWaits = pageCalls.map((r) => r.at - loadsBegan);
  return {
    tenantId,
    pageCalls: pageCalls.length,
    syncCalls: syncCalls.length,
    pageCallArrivalMs: summarize(pageCallWaits),
    // A sync call sent after the loads began while a page call of the token was still to go: what the budget's
    // priority forbids. One already on its way when the loads began may arrive a few ms into them: 50 ms allowed.
    syncCallsAheadOfPageCalls: syncCalls.filter((r) => r.at > loadsBegan + 50 && r.at < lastPageCall).length,
    maxInAnySecond: rateOf(calls).maxInAnySecond,
    status429: calls.filter((r) => r.status === 429).length,
  };
}

async function main(): Promise<number> {
  const buildId = nextBuildId();
  const bench = await openBench(cleanup, progress);
  const volume = LOAD_INVOICES || LOAD_EXPENSES ? { invoices: LOAD_INVOICES, expenses: LOAD_EXPENSES } : undefined;
  const { sandbox, server, healthy } = await startWithSandbox(
    bench,
    progress,
    () => ({ MIRROR_SYNC: 'on' }),
    volume ? { volumes: Object.fromEntries(TENANTS.map((t) => [t, volume])) } : {},
  );
  // The sandbox generates a company on its first request: done here, outside any timing, with the bench's tokens.
  const invoiceIds = new Map<string, number[]>();
  for (const tenantId of TENANTS) {
    invoiceIds.set(tenantId, await invoiceIdsOf(sandbox.url, sandbox.tokens.issue(tenantId, 'bench')));
  }
  await healthy();
  const http = await keepAliveClient(48, cleanup);
  const signInAll = async () => {
    const cookies = new Map<string, string>();
    for (const { userId, tenantId } of LOAD_SESSIONS) {
      cookies.set(tenantId, await signInThroughSandbox(http.fetch, sandbox.url, userId, [tenantId]));
    }
    return cookies;
  };

  // Warm-up: every route once (a production server loads a route's code on its first request), the syncs to their end.
  let cookies = await signInAll();
  for (const planned of loadsOf('10001', invoiceIds.get('10001')!.slice(2))) {
    const warm = await load(http.fetch, server.baseUrl, cookies.get(planned.tenantId)!, planned, cleanup.signal);
    if (warm.problem) throw new Error(`warm-up of ${warm.path}: ${warm.problem}`);
  }
  await waitForMirrors(bench.database.url, (s) => TENANTS.every((t) => s.get(t)?.fullSyncedAt != null), {
    timeoutMs: 600_000,
    signal: cleanup.signal,
  });
  await waitForIdleSyncQueue(bench.database.url, 120_000);
  progress('warm-up done, every company synced once; erasing the copies and tokens, connecting again');

  // The loads: the four companies just connected, their first full syncs under way.
  await disconnectCompanies(bench.database.url, TENANTS);
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // the warm-up's calls leave every rate window
  sandbox.dataApi.resetRequests();
  cookies = await signInAll();
  const connectedAt = Date.now();
  const underWay = await (AFTER_KINDS_READ
    ? waitForMirrors(
        bench.database.url,
        (s) => TENANTS.every((t) => PAGE_KINDS.every((kind) => s.get(t)?.kindsDone.includes(kind))),
        { timeoutMs: 600_000, signal: cleanup.signal },
      )
    : waitForMirrors(bench.database.url, (s) => TENANTS.filter((t) => s.get(t)?.status === 'syncing').length >= 2, {
        timeoutMs: SYNCS_UNDER_WAY_MS,
        signal: cleanup.signal,
      }).catch(() => mirrorStates(bench.database.url)));
  const loads = TENANTS.flatMap((t) => loadsOf(t, invoiceIds.get(t)!));
  const loadsBegan = Date.now();
  progress(
    `${loads.length} loads at once, ${loadsBegan - connectedAt} ms after the connections` +
      (AFTER_KINDS_READ ? ' (every company’s invoices and expenses read whole)' : ''),
  );
  const results: Loaded[] = await Promise.all(
    loads.map((planned) => load(http.fetch, server.baseUrl, cookies.get(planned.tenantId)!, planned, cleanup.signal)),
  );
  const wallMs = Date.now() - loadsBegan;
  const after = await mirrorStates(bench.database.url);
  const log = sandbox.dataApi.requests().filter((r) => r.at >= loadsBegan && r.at <= loadsBegan + wallMs);
  const loadAverage = (await import('node:os')).loadavg().map((n) => Math.round(n * 10) / 10);

  const latency = summarize(results.map((r) => r.ms));
  const busy = results.filter((r) => r.problem === 'busy').length;
  const problems = results.filter((r) => r.problem !== null).map((r) => `${r.path}: ${r.problem}`);
  const companies = TENANTS.map((tenantId) => ({
    ...callsOf(
      log,
      tenantId,
      loadsBegan,
      Math.max(...results.filter((r) => r.tenantId === tenantId).map((r) => r.startAt + r.ms)),
    ),
    loads: summarize(results.filter((r) => r.tenantId === tenantId).map((r) => r.ms)),
    syncAtStart: underWay.get(tenantId)?.status ?? 'not started',
    syncAtEnd: after.get(tenantId)?.status ?? 'not started',
    fullSyncEndedDuringLoads: (after.get(tenantId)?.fullSyncedAt ?? 0) > loadsBegan,
  }));
  const figures = {
    timestamp: new Date().toISOString(),
    buildId,
    volume: volume ?? 'the sandbox usual',
    aims: AIMS,
    loads: results.length,
    wallMs,
    latencyMs: latency,
    busyPages: busy,
    problems,
    companies,
    slowest: [...results]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((r) => `${r.path} ${Math.round(r.ms)} ms`),
    loadAverage,
  };

  const table = [
    `${results.length} page loads at once (4 companies × 10) while the companies' first full syncs run; load average ${loadAverage.join(' / ')}:`,
    '',
    `p50 / p95 / max **${latency.p50} / ${latency.p95} / ${latency.max} ms** (aim p95 < ${AIMS.p95Ms} ms: ${latency.p95 < AIMS.p95Ms ? 'met' : 'missed'}); busy pages **${busy}** (aim 0: ${busy === 0 ? 'met' : 'missed'}); pages with any problem ${problems.length}; wall ${wallMs} ms.`,
    '',
    '| company | sync at start → end | loads p50 / max ms | page calls | their arrival after the loads began, p50 / max ms | sync calls meanwhile | sync calls ahead of a waiting page call | most in 1 s | 429s |',
    '|---|---|---|---|---|---|---|---|---|',
    ...companies.map(
      (c) =>
        `| ${c.tenantId} | ${c.syncAtStart} → ${c.syncAtEnd} | ${c.loads.p50} / ${c.loads.max} | ${c.pageCalls} | ${c.pageCallArrivalMs.p50} / ${c.pageCallArrivalMs.max} | ${c.syncCalls} | ${c.syncCallsAheadOfPageCalls} | ${c.maxInAnySecond} | ${c.status429} |`,
    ),
  ].join('\n');
  publish('mirror-load', figures, table, progress);
  if (problems.length > 0) console.error(`pages with a problem: ${problems.slice(0, 10).join('; ')}`);
  return companies.some((c) => c.status429 > 0 || c.maxInAnySecond > 3) ? 1 : 0;
}

runBench('bench:mirror-load', cleanup, main);
