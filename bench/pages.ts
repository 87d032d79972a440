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
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Relative imports, as in the sandbox: the benchmark stands outside the add-on.
import { sandboxDefaults } from '../lib/config/sandbox-defaults';
import { createSandbox } from '../sandbox/app';
import { addonEnv } from './support/addon-env';
import { attribute, rateSignals } from './support/attribution';
import { installCleanup, positiveInteger } from './support/cleanup';
import { cpuMsBetween, cpuMsByPid } from './support/cpu';
import { createBenchDatabase } from './support/database';
import { startGuardian } from './support/guardian';
import { keepAliveClient } from './support/http';
import { processTree, sampleMemory } from './support/memory';
import { runPacedViews, type Client } from './support/page-load';
import { invoiceIdsOf, listQueries, planViews } from './support/page-plan';
import { buildPageReport, pageMarkdown } from './support/page-report';
import { freePort, startNext, waitForHealth, type NextServer } from './support/server';
import { signInThroughSandbox } from './support/sign-in';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VIEWS = positiveInteger('BENCH_PAGE_VIEWS', 400);
const WARMUP_VIEWS = 40;
/**
 * One view per 600 ms per session (≈ 1.7/s). Each view makes one call, so any three calls of a token span about
 * 1.2 s: more than the service's one-second window (so no answer says "none remaining", on which the client pauses
 * the token until the next whole-second reset) and more than the client's own 1.1 s slot spacing, with 100 ms left
 * for jitter. At 500 ms the smallest jitter makes the client pause, and the pauses then synchronize the sessions.
 */
const PACE_MS = 600;
/** Between warm-up and timed views, so every rate window of every token is empty when the timing starts. */
const SETTLE_MS = 2_000;
const WAIT_THRESHOLD_MS = 250;
const HEALTH_TIMEOUT_MS = 60_000;
const MAX_ERROR_RATE = 0.01;
const AIMS = { overServiceP95Ms: 150, callsPerListView: 1, maxErrorRate: MAX_ERROR_RATE };
// The sandbox keeps its last 20,000 requests; beyond this the log would no longer hold every view's calls.
const MAX_VIEWS = 15_000;
const DATABASE_SERVER =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const SESSIONS = [
  { userId: 'jana.novakova@example.sk', tenantId: '10001' },
  { userId: 'jana.novakova@example.sk', tenantId: '10002' },
  { userId: 'peter.horvath@example.sk', tenantId: '10004' },
  { userId: '48213', tenantId: '20001' },
] as const;

/** Progress goes to stderr: stdout carries only the table. */
const progress = (message: string) => console.error(`[bench:pages] ${message}`);

const cleanup = installCleanup(progress);

/** `total` views shared out over the sessions as evenly as they go. */
const share = (total: number, index: number) =>
  Math.floor(total / SESSIONS.length) + (index < total % SESSIONS.length ? 1 : 0);

async function main(): Promise<number> {
  if (VIEWS > MAX_VIEWS) throw new Error(`BENCH_PAGE_VIEWS may be at most ${MAX_VIEWS} (the sandbox's request log).`);
  const buildIdFile = path.join(ROOT, '.next', 'BUILD_ID');
  if (!existsSync(buildIdFile)) {
    throw new Error('No production build in .next: run `next build` first (the benchmark does not build).');
  }
  const buildId = readFileSync(buildIdFile, 'utf8').trim();

  const database = await createBenchDatabase(DATABASE_SERVER);
  const guardian = startGuardian({ cwd: ROOT, adminUrl: DATABASE_SERVER, database: database.name });
  // Added first, so it runs last: the guardian stands down only once everything else is cleaned up.
  cleanup.add('released the guardian', () => guardian.release());
  cleanup.add(`dropped ${database.name}`, () => database.drop());
  progress(`database ${database.name} created`);

  // By IP, not `localhost`: the server listens on 127.0.0.1 only, and Node may resolve localhost to ::1 first.
  const port = await freePort();
  const addonUrl = `http://127.0.0.1:${port}`;
  const sandbox = await createSandbox({
    port: 0,
    addonUrl,
    pluginId: sandboxDefaults.pluginId,
    apiKey: sandboxDefaults.pluginApiKey,
  });
  cleanup.add('closed the sandbox', () => sandbox.close());

  const server: NextServer = startNext({
    cwd: ROOT,
    port,
    env: addonEnv({
      appUrl: addonUrl,
      jwksUrl: `${sandbox.url}/broker/jwks.json`,
      dataApiBaseUrl: sandbox.url,
      databaseUrl: database.url,
      home: ROOT,
    }),
    nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });
  guardian.watchServer(server.pid);
  cleanup.add(`stopped the server (pid ${server.pid})`, () => server.stop());
  const memory = sampleMemory(server.pid);
  progress(`sandbox on ${sandbox.url}; next start on ${server.baseUrl} (pid ${server.pid})`);

  // The invoices each company really has, read outside any timing with a token of the bench's own.
  const idsByTenant = new Map<string, number[]>();
  for (const { tenantId } of SESSIONS) {
    idsByTenant.set(tenantId, await invoiceIdsOf(sandbox.url, sandbox.tokens.issue(tenantId, 'bench')));
  }
  try {
    await waitForHealth(server, HEALTH_TIMEOUT_MS);
  } catch (error) {
    console.error(server.outputTail().join('\n'));
    throw error;
  }
  const startupLines = server.outputLines();

  const http = await keepAliveClient(2 * SESSIONS.length);
  cleanup.add('closed the HTTP client', () => http.close());

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
    runPacedViews({ fetch: http.fetch, baseUrl: server.baseUrl, clients: views, intervalMs: PACE_MS, signal: cleanup.signal });

  progress(`warm-up: ${WARMUP_VIEWS} views`);
  const warmup = await run(clients(() => 0, (i) => share(WARMUP_VIEWS, i)));
  const warmupErrors = warmup.samples.filter((s) => s.error !== null);
  if (cleanup.signal.aborted) throw new Error('interrupted');
  if (warmupErrors.length > warmup.samples.length * MAX_ERROR_RATE) {
    console.error(server.outputTail().join('\n'));
    const reasons = warmupErrors.slice(0, 5).map((s) => `${s.path}: ${s.error}`);
    throw new Error(`warm-up failed: ${warmupErrors.length} of ${warmup.samples.length} views errored (${reasons.join('; ')})`);
  }

  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  progress(`timed: ${VIEWS} views, about ${Math.ceil((VIEWS / SESSIONS.length) * PACE_MS / 1000)} s`);
  sandbox.dataApi.resetRequests();
  const postgresPids = await database.backendPids();
  const loadBefore = loadavg()[0] ?? 0;
  const before = {
    server: cpuMsByPid(processTree(server.pid)),
    postgres: cpuMsByPid(postgresPids),
    self: process.cpuUsage(),
  };
  const timed = await run(clients((i) => share(WARMUP_VIEWS, i), (i) => share(VIEWS, i)));
  const selfUsage = process.cpuUsage(before.self);
  if (cleanup.signal.aborted) throw new Error('interrupted');
  const cpu = {
    server: cpuMsBetween(before.server, cpuMsByPid(processTree(server.pid))),
    postgres: cpuMsBetween(before.postgres, cpuMsByPid([...new Set([...postgresPids, ...(await database.backendPids())])])),
    // The sandbox answers in this process: its CPU is counted together with the client's.
    loadGenerator: (selfUsage.user + selfUsage.system) / 1000,
  };
  const round1 = (n: number) => Math.round(n * 10) / 10;
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
      loadAverage: [round1(loadBefore), round1(loadavg()[0] ?? 0)],
      buildId,
      elapsedMs: timed.elapsedMs,
    },
  );
  memory.stop();

  console.log(pageMarkdown(figures));
  const resultsDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `pages-${figures.timestamp.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  progress(`written ${path.relative(ROOT, file)}`);

  if (serverLogLines > 0) console.error(`server output (last lines):\n${server.outputTail().join('\n')}`);
  if (figures.result.errorRate > MAX_ERROR_RATE) {
    const examples = views.filter((v) => v.error !== null).slice(0, 5).map((v) => `${v.path}: ${v.error}`);
    console.error(`More than ${MAX_ERROR_RATE * 100}% of the views errored, e.g. ${examples.join('; ')}`);
    return 1;
  }
  return 0;
}

main()
  .catch((error: unknown) => {
    console.error(`bench:pages failed: ${(error as Error).message}`);
    return 1;
  })
  .then(async (code) => {
    await cleanup.run();
    process.exit(code);
  });
