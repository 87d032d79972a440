/**
 * `npm run bench:pages` (and the second half of `npm run bench`): server render time of the invoice list and of an
 * invoice against `next start`, a real PostgreSQL and the sandbox's data API, over the service's own time.
 *
 * The sandbox runs in this process; four sessions sign in through its real launch (jana → 10001, jana → 10002,
 * peter → 10004, 48213 → 20001) and view pages paced below the data API's 3 requests per second per token, so a
 * view never queues for a rate slot. The sandbox's request log tells each view's data-API calls and how long the
 * service took for them.
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL) names the PostgreSQL server, on which a fresh database
 * `addon_bench_<random>` is created and dropped again; BENCH_PAGE_VIEWS (default 400) sets the timed views;
 * BENCH_SERVER_NODE_ARGS adds flags to the server's `node`, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
 * Prints a markdown table and writes the same figures to bench/results/pages-<timestamp>.json. Exits non-zero
 * when the run fails or more than 1% of the views errored. Uses the existing production build in `.next`.
 */
import { LOAD_SESSIONS } from '../tests/support/page-load-mix';
import { attribute, rateSignals } from './support/attribution';
import { installCleanup, positiveInteger } from './support/cleanup';
import { cpuWindow, nextBuildId, openBench, publish, runBench, startWithSandbox } from './support/harness';
import { keepAliveClient } from './support/http';
import { type Client, runPacedViews } from './support/page-load';
import { invoiceIdsOf, listQueries, planViews } from './support/page-plan';
import { buildPageReport, pageMarkdown } from './support/page-report';
import { signInThroughSandbox } from './support/sign-in';

const VIEWS = positiveInteger('BENCH_PAGE_VIEWS', 400);
const WARMUP_VIEWS = 40;
/**
 * One view per 600 ms per session (≈ 1.7/s). Each view makes one call, so any three calls of a token span about
 * 1.2 s: more than the service's one-second window and more than the client's own 1.15 s slot spacing, so a view
 * never waits for a slot. (Before issue 11 the client paused a token until the next whole-second reset on every
 * "none remaining" answer; at 500 ms the smallest jitter then made it pause, and the pauses synchronized the
 * sessions.)
 */
const PACE_MS = 600;
/** Between warm-up and timed views, so every rate window of every token is empty when the timing starts. */
const SETTLE_MS = 2_000;
const WAIT_THRESHOLD_MS = 250;
const MAX_ERROR_RATE = 0.01;
const AIMS = { overServiceP95Ms: 150, callsPerListView: 1, maxErrorRate: MAX_ERROR_RATE };
// The sandbox keeps its last 20,000 requests; beyond this the log would no longer hold every view's calls.
const MAX_VIEWS = 15_000;

const SESSIONS = LOAD_SESSIONS;

/** Progress goes to stderr: stdout carries only the table. */
const progress = (message: string) => console.error(`[bench:pages] ${message}`);

const cleanup = installCleanup(progress);

/** `total` views shared out over the sessions as evenly as they go. */
const share = (total: number, index: number) =>
  Math.floor(total / SESSIONS.length) + (index < total % SESSIONS.length ? 1 : 0);

async function main(): Promise<number> {
  if (VIEWS > MAX_VIEWS) throw new Error(`BENCH_PAGE_VIEWS may be at most ${MAX_VIEWS} (the sandbox's request log).`);
  const buildId = nextBuildId();
  const bench = await openBench(cleanup, progress);

  const { sandbox, server, memory, healthy } = await startWithSandbox(bench, progress);

  // The invoices each company really has, read outside any timing with a token of the bench's own.
  const idsByTenant = new Map<string, number[]>();
  for (const { tenantId } of SESSIONS) {
    idsByTenant.set(tenantId, await invoiceIdsOf(sandbox.url, sandbox.tokens.issue(tenantId, 'bench')));
  }
  const startupLines = await healthy();

  const http = await keepAliveClient(2 * SESSIONS.length, cleanup);

  const cookies: string[] = [];
  for (const { userId, tenantId } of SESSIONS) {
    cookies.push(await signInThroughSandbox(http.fetch, sandbox.url, userId, [tenantId]));
  }
  progress(`${cookies.length} sessions signed in through the sandbox's launch`);

  const queries = listQueries();
  const clients = (offsetOf: (i: number) => number, countOf: (i: number) => number): Client[] =>
    SESSIONS.map(({ tenantId }, i) => ({
      tenantId,
      cookie: cookies[i] as string,
      views: planViews(tenantId, idsByTenant.get(tenantId) ?? [], queries, offsetOf(i), countOf(i)),
    }));
  const run = (views: Client[]) =>
    runPacedViews({
      fetch: http.fetch,
      baseUrl: server.baseUrl,
      clients: views,
      intervalMs: PACE_MS,
      signal: cleanup.signal,
    });

  progress(`warm-up: ${WARMUP_VIEWS} views`);
  const warmup = await run(
    clients(
      () => 0,
      (i) => share(WARMUP_VIEWS, i),
    ),
  );
  const warmupErrors = warmup.samples.filter((s) => s.error !== null);
  if (cleanup.signal.aborted) throw new Error('interrupted');
  if (warmupErrors.length > warmup.samples.length * MAX_ERROR_RATE) {
    console.error(server.outputTail().join('\n'));
    const reasons = warmupErrors.slice(0, 5).map((s) => `${s.path}: ${s.error}`);
    throw new Error(
      `warm-up failed: ${warmupErrors.length} of ${warmup.samples.length} views errored (${reasons.join('; ')})`,
    );
  }

  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  progress(`timed: ${VIEWS} views, about ${Math.ceil(((VIEWS / SESSIONS.length) * PACE_MS) / 1000)} s`);
  sandbox.dataApi.resetRequests();
  // The sandbox answers in this process: its CPU is counted together with the client's.
  const endCpuWindow = await cpuWindow(bench, server.pid);
  const timed = await run(
    clients(
      (i) => share(WARMUP_VIEWS, i),
      (i) => share(VIEWS, i),
    ),
  );
  if (cleanup.signal.aborted) throw new Error('interrupted');
  const { cpu, loadAverage } = await endCpuWindow();
  const serverLogLines = server.outputLines() - startupLines;

  const log = sandbox.dataApi.requests();
  const { views, unattributed } = attribute(timed.samples, log);
  // Read before the server stops: the high-water mark disappears with the process.
  const figures = buildPageReport(
    {
      viewsRequested: VIEWS,
      warmupViews: WARMUP_VIEWS,
      sessions: SESSIONS.map((s) => `${s.userId} → ${s.tenantId}`),
      intervalMs: PACE_MS,
      waitThresholdMs: WAIT_THRESHOLD_MS,
      aims: AIMS,
    },
    views,
    unattributed,
    rateSignals(log),
    { peakRss: memory.peakRss(), highWaterMark: memory.highWaterMark() },
    cpu,
    {
      client: http.label,
      serverLogLines,
      loadAverage,
      buildId,
      elapsedMs: timed.elapsedMs,
    },
  );
  memory.stop();

  publish('pages', figures, pageMarkdown(figures), progress);

  if (serverLogLines > 0) console.error(`server output (last lines):\n${server.outputTail().join('\n')}`);
  if (figures.result.errorRate > MAX_ERROR_RATE) {
    const examples = views
      .filter((v) => v.error !== null)
      .slice(0, 5)
      .map((v) => `${v.path}: ${v.error}`);
    console.error(`More than ${MAX_ERROR_RATE * 100}% of the views errored, e.g. ${examples.join('; ')}`);
    return 1;
  }
  return 0;
}

runBench('bench:pages', cleanup, main);
