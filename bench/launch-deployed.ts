/**
 * `npm run bench:launch-deployed` (part of `npm run bench`): the launch of bench/launch.ts (token exchange, then the
 * callback; 32 clients) against the add-on as it is deployed: the standalone artefact (`node server.js`) on a real
 * PostgreSQL, one instance and two, each reached directly (plain HTTP to the instance; with two, the clients
 * alternate between them) and through the reverse proxy (Caddy with deploy/Caddyfile over HTTPS, which balances the
 * two). The stand is the deployment test's (tests/e2e/support/stand/). Four runs, each on a fresh stand:
 * BENCH_DEPLOYED_LAUNCHES (default 3 000) timed launches after 200 warm-up, or 60 s.
 *
 * The gateway's key set is this process's (bench/support/jwks-server.ts), so the JWTs are signed before the clock
 * starts; as in bench/launch.ts, no data API answers (no company's copy starts during the launches). CPU is counted for the instances and Caddy (server), not PostgreSQL (its backends are the stand's).
 * Writes bench/results/launch-deployed-<timestamp>.json. Needs `npm run build`, caddy, openssl.
 */
import { Agent, request } from 'node:https';
import { loadavg } from 'node:os';

import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

import { signLaunchJwt } from '../sandbox/launch-jwt';
import { standMissing, startStand } from '../tests/e2e/support/stand/stand';
import { installCleanup, positiveInteger } from './support/cleanup';
import { cpuMsBetween, cpuMsByPid } from './support/cpu';
import { nextBuildId, publish, runBench } from './support/harness';
import type { Fetch } from './support/http';
import { keepAliveClient } from './support/http';
import { type JwksServer, startJwksServer } from './support/jwks-server';
import { runLaunches } from './support/load';
import { processTree } from './support/memory';
import { perAttempt, summarize } from './support/stats';

const LAUNCHES = positiveInteger('BENCH_DEPLOYED_LAUNCHES', 3_000);
const WARMUP_LAUNCHES = 200;
const CONCURRENCY = 32;
const MAX_DURATION_MS = 60_000;
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = ['jana.novakova@example.sk', 'peter.horvath@example.sk', 'eva.kralova@example.sk', '100234', '100871'];
const TENANT_SETS = [['10001'], ['10001', '10002'], ['20001', '20002', '20003']];

const progress = (message: string) => console.error(`[bench:launch-deployed] ${message}`);
const cleanup = installCleanup(progress);

type Setup = { path: 'direct' | 'proxy'; instances: 1 | 2 };
const SETUPS: Setup[] = [
  { path: 'direct', instances: 1 },
  { path: 'proxy', instances: 1 },
  { path: 'direct', instances: 2 },
  { path: 'proxy', instances: 2 },
];

async function signTokens(jwks: JwksServer, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < count; start += 200) {
    const batch = Array.from({ length: Math.min(200, count - start) }, (_, offset) => {
      const i = start + offset;
      return signLaunchJwt(jwks.ring, {
        sub: USERS[i % USERS.length]!,
        pluginId: sandboxDefaults.pluginId,
        tenantIds: TENANT_SETS[i % TENANT_SETS.length]!,
      });
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

/**
 * A fetch through the proxy by name: TLS to 127.0.0.1 with the add-on's name (SNI and Host), trusting only the
 * stand's authority, connections kept alive as a browser's and a gateway's are. Enough of fetch for the launch.
 */
function proxyFetch(ca: string, connections: number): { fetch: Fetch; close(): void } {
  const agent = new Agent({ ca, keepAlive: true, maxSockets: connections });
  const fetch: Fetch = (url, init) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port: Number(target.port),
          servername: target.hostname,
          method: init.method ?? 'GET',
          path: `${target.pathname}${target.search}`,
          headers: { host: target.host, ...(init.headers as Record<string, string> | undefined) },
          signal: init.signal ?? undefined,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (typeof value === 'string') headers.set(name, value);
            }
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers }));
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(typeof init.body === 'string' ? init.body : undefined);
    });
  return { fetch, close: () => agent.destroy() };
}

async function measure(setup: Setup, jwks: JwksServer) {
  const stand = await startStand({
    postgresUrl: POSTGRES_URL,
    instances: setup.instances,
    // As bench/launch.ts: the data API is the key set's server (404 to anything else), so the launches' companies
    // start no copy from the sandbox, and the add-on logs only warnings.
    addonEnv: { BROKER_JWKS_URL: jwks.jwksUrl, DATA_API_BASE_URL: jwks.origin, LOG_LEVEL: 'warn' },
  });
  cleanup.add(`stopped the stand (${setup.path}, ${setup.instances})`, () => stand.stop());
  try {
    const tokens = await signTokens(jwks, WARMUP_LAUNCHES + LAUNCHES);
    let client: { fetch: Fetch; close(): unknown };
    let baseUrl: string;
    if (setup.path === 'proxy') {
      client = proxyFetch(stand.ca, 2 * CONCURRENCY);
      baseUrl = stand.addonOrigin;
    } else {
      // Two instances reached directly: each request goes to the next, as a balancer without a proxy's hop would.
      const http = await keepAliveClient(2 * CONCURRENCY);
      const origins = stand.instances.map((instance) => instance.directUrl);
      let turn = 0;
      baseUrl = 'http://instances';
      client = {
        fetch: (url, init) => http.fetch(url.replace(baseUrl, origins[turn++ % origins.length]!), init),
        close: () => http.close(),
      };
    }
    const load = {
      fetch: client.fetch,
      baseUrl,
      apiKey: sandboxDefaults.pluginApiKey,
      concurrency: CONCURRENCY,
      signal: cleanup.signal,
      maxDurationMs: MAX_DURATION_MS,
    };
    await runLaunches({ ...load, tokens: tokens.slice(0, WARMUP_LAUNCHES) });
    const pids = () => [
      ...stand.instances.flatMap((instance) => processTree(instance.pid() ?? -1)),
      ...(setup.path === 'proxy' ? [stand.proxyPid] : []),
    ];
    const cpuBefore = cpuMsByPid(pids());
    const loadBefore = loadavg()[0] ?? 0;
    const timed = await runLaunches({ ...load, tokens: tokens.slice(WARMUP_LAUNCHES) });
    const serverCpuMs = cpuMsBetween(cpuBefore, cpuMsByPid(pids()));
    await client.close();
    const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
    return {
      ...setup,
      launches: timed.succeeded,
      errors: timed.failed,
      statuses: timed.statuses,
      launchesPerSecond: round(timed.succeeded / (timed.elapsedMs / 1000)),
      exchangeMs: summarize(timed.exchangeMs),
      callbackMs: summarize(timed.callbackMs),
      serverCpuMsPerLaunch: perAttempt(serverCpuMs, timed.attempted),
      loadAverage: [round(loadBefore), round(loadavg()[0] ?? 0)],
    };
  } finally {
    await stand.stop();
  }
}

async function main(): Promise<number> {
  const missing = await standMissing();
  if (missing) throw new Error(`the stand cannot run here: ${missing}`);
  const jwks = await startJwksServer();
  cleanup.add('closed the key set server', () => jwks.close());
  const runs = [];
  for (const setup of SETUPS) {
    progress(`${setup.path}, ${setup.instances} instance(s): ${WARMUP_LAUNCHES} warm-up, then ${LAUNCHES} launches`);
    runs.push(await measure(setup, jwks));
  }
  const figures = { timestamp: new Date().toISOString(), buildId: nextBuildId(), concurrency: CONCURRENCY, runs };
  const table = [
    `Launches (token exchange → callback, ${CONCURRENCY} clients) against the artefact on PostgreSQL:`,
    '',
    '| path | instances | launches/s | exchange p50 / p99 ms | callback p50 / p99 ms | server CPU ms per launch | errors | load average |',
    '|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (run) =>
        `| ${run.path === 'proxy' ? 'Caddy, HTTPS' : 'direct, HTTP'} | ${run.instances} | ${run.launchesPerSecond} | ` +
        `${run.exchangeMs.p50} / ${run.exchangeMs.p99} | ${run.callbackMs.p50} / ${run.callbackMs.p99} | ` +
        `${run.serverCpuMsPerLaunch} | ${run.errors} | ${run.loadAverage.join(' → ')} |`,
    ),
  ].join('\n');
  publish('launch-deployed', figures, table, progress);
  return runs.some((run) => run.errors > run.launches * 0.01) ? 1 : 0;
}

runBench('bench:launch-deployed', cleanup, main);
