/**
 * `npm run bench`: the full launch (token exchange, then the callback) against `next start` and a real PostgreSQL.
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL) names the PostgreSQL server, on which a fresh database
 * `addon_bench_<random>` is created and dropped again; BENCH_LAUNCHES (default 6000) sets the timed launches.
 * Prints a markdown table and writes the same figures to bench/results/launch-<timestamp>.json. Exits non-zero
 * when the run fails or more than 1% of the launches errored. Uses the existing production build in `.next`.
 * BENCH_SERVER_NODE_ARGS adds flags to the server's `node`, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (the
 * profile is written when the server exits).
 */
// Relative imports, as in the sandbox: the benchmark stands outside the add-on.
import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

import { signLaunchJwt } from '../sandbox/launch-jwt';
import { addonEnv } from './support/addon-env';
import { installCleanup, positiveInteger } from './support/cleanup';
import { cpuWindow, nextBuildId, openBench, publish, ROOT, runBench, startServer } from './support/harness';
import { keepAliveClient } from './support/http';
import { type JwksServer, startJwksServer } from './support/jwks-server';
import { runLaunches } from './support/load';
import { buildReport, markdown } from './support/report';
import { freePort } from './support/server';

const LAUNCHES = positiveInteger('BENCH_LAUNCHES', 6_000);
const WARMUP_LAUNCHES = 200;
const CONCURRENCY = 32;
const MAX_DURATION_MS = 60_000;
const MAX_ERROR_RATE = 0.01;
const AIMS = { exchangeP99Ms: 50, launchesPerSecond: 300, peakRssMb: 300 };

// A mix like real traffic: e-mail and numeric user ids (the two gateways), one to three companies per launch.
// 5 users × 3 tenant sets, coprime, so all 15 combinations recur.
const USERS = ['jana.novakova@example.sk', 'peter.horvath@example.sk', 'eva.kralova@example.sk', '100234', '100871'];
const TENANT_SETS = [['10001'], ['10001', '10002'], ['20001', '20002', '20003']];

/** Progress goes to stderr: stdout carries only the table. */
const progress = (message: string) => console.error(`[bench] ${message}`);

// Cleanup runs once, newest step first, on success, failure and Ctrl-C alike; Ctrl-C also stops the load loops.
const cleanup = installCleanup(progress);

// ---- the run ----

/** Signing is the gateway's cost, not the add-on's: every JWT is made before the clock starts. */
async function signTokens(jwks: JwksServer, count: number): Promise<string[]> {
  const tokens: string[] = [];
  const BATCH = 200; // WebCrypto signs on the libuv pool: a batch keeps both cores busy without flooding it
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => {
      const i = start + offset;
      return signLaunchJwt(jwks.ring, {
        sub: USERS[i % USERS.length] as string,
        pluginId: sandboxDefaults.pluginId,
        tenantIds: TENANT_SETS[i % TENANT_SETS.length] as string[],
      });
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

async function main(): Promise<number> {
  const buildId = nextBuildId();
  const bench = await openBench(cleanup, progress);

  const jwks = await startJwksServer();
  cleanup.add('closed the key set server', () => jwks.close());

  const port = await freePort();
  const { server, memory, healthy } = startServer(
    bench,
    port,
    addonEnv({
      appUrl: `http://localhost:${port}`,
      jwksUrl: jwks.jwksUrl,
      dataApiBaseUrl: jwks.origin,
      databaseUrl: bench.database.url,
      home: ROOT,
    }),
  );
  progress(`next start on ${server.baseUrl} (pid ${server.pid}); signing ${WARMUP_LAUNCHES + LAUNCHES} JWTs meanwhile`);

  // The start-up banner is not a warning: only lines written from here on are counted.
  const [tokens, startupLines] = await Promise.all([signTokens(jwks, WARMUP_LAUNCHES + LAUNCHES), healthy()]);

  const http = await keepAliveClient(2 * CONCURRENCY, cleanup);
  const load = {
    fetch: http.fetch,
    baseUrl: server.baseUrl,
    apiKey: sandboxDefaults.pluginApiKey,
    concurrency: CONCURRENCY,
    signal: cleanup.signal,
  };

  progress(`warm-up: ${WARMUP_LAUNCHES} launches`);
  const warmup = await runLaunches({
    ...load,
    tokens: tokens.slice(0, WARMUP_LAUNCHES),
    maxDurationMs: MAX_DURATION_MS,
  });
  if (warmup.failed > warmup.attempted * MAX_ERROR_RATE) {
    console.error(server.outputTail().join('\n'));
    throw new Error(`warm-up failed: ${JSON.stringify(warmup.statuses)}`);
  }

  progress(`timed: ${LAUNCHES} launches or ${MAX_DURATION_MS / 1000} s, whichever comes first`);
  // After the warm-up the add-on's pool is open, so its PostgreSQL backends can be found and their CPU counted.
  const endCpuWindow = await cpuWindow(bench, server.pid);
  const timed = await runLaunches({ ...load, tokens: tokens.slice(WARMUP_LAUNCHES), maxDurationMs: MAX_DURATION_MS });
  if (cleanup.signal.aborted) throw new Error('interrupted');
  const { cpu, loadAverage } = await endCpuWindow();
  const serverLogLines = server.outputLines() - startupLines;

  // Read before the server stops: the high-water mark disappears with the process.
  const figures = buildReport(
    {
      launchesRequested: LAUNCHES,
      warmupLaunches: WARMUP_LAUNCHES,
      concurrency: CONCURRENCY,
      maxDurationSeconds: MAX_DURATION_MS / 1000,
      aims: AIMS,
    },
    timed,
    { peakRss: memory.peakRss(), highWaterMark: memory.highWaterMark() },
    cpu,
    {
      client: http.label,
      jwksFetches: jwks.fetches(),
      serverLogLines,
      loadAverage,
      buildId,
    },
  );
  memory.stop();

  publish('launch', figures, markdown(figures), progress);

  if (serverLogLines > 0) console.error(`server output (last lines):\n${server.outputTail().join('\n')}`);
  if (figures.result.errorRate > MAX_ERROR_RATE) {
    console.error(`More than ${MAX_ERROR_RATE * 100}% of the launches errored.`);
    return 1;
  }
  return 0;
}

runBench('bench', cleanup, main);
