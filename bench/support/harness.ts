import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

import { sandboxDefaults, sandboxServiceAddresses } from '@/lib/platform/config/sandbox-defaults';

import { createSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/app';
import type { CompanyVolume } from '../../sandbox/data/company-data';
import { addonEnv } from './addon-env';
import type { Cleanup } from './cleanup';
import { cpuMsBetween, cpuMsByPid } from './cpu';
import { type BenchDatabase, createBenchDatabase } from './database';
import { type Guardian, startGuardian } from './guardian';
import { type MemorySampler, processTree, sampleMemory } from './memory';
import type { CpuMs } from './report';
import { ROOT } from './results';
import { type SandboxProcess, startSandboxProcess } from './sandbox-process';
import { freePort, type NextServer, startNext, waitForHealth } from './server';

/**
 * What every benchmark does around its load: the production build's id, a throw-away database watched by the
 * guardian, `next start` on it with its memory sampled, a CPU window around the timed part, the results file, and
 * the exit once everything is cleaned up. Each step registers its own cleanup.
 */

export { publish, ROOT } from './results';
const DATABASE_SERVER =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const HEALTH_TIMEOUT_MS = 60_000;

/** The id of the build in `.next` (others rebuild it on this host: the id tells which build a figure belongs to). */
export function nextBuildId(): string {
  const file = path.join(ROOT, '.next', 'BUILD_ID');
  if (!existsSync(file))
    throw new Error('No production build in .next: run `next build` first (the benchmark does not build).');
  return readFileSync(file, 'utf8').trim();
}

export type Bench = { database: BenchDatabase; guardian: Guardian; cleanup: Cleanup };

/** A fresh database on the configured server, dropped on cleanup, or by the guardian if this process dies. */
export async function openBench(cleanup: Cleanup, progress: (message: string) => void): Promise<Bench> {
  const database = await createBenchDatabase(DATABASE_SERVER);
  const guardian = startGuardian({ cwd: ROOT, adminUrl: DATABASE_SERVER, database: database.name });
  // Added first, so it runs last: the guardian stands down only once everything else is cleaned up.
  cleanup.add('released the guardian', () => guardian.release());
  cleanup.add(`dropped ${database.name}`, () => database.drop());
  progress(`database ${database.name} created`);
  return { database, guardian, cleanup };
}

export type BenchServer = {
  server: NextServer;
  memory: MemorySampler;
  /** Waits for /api/health; answers the lines written so far (the start-up banner is not a warning). */
  healthy: () => Promise<number>;
};

/** `next start` on the bench database, stopped by PID on cleanup. BENCH_SERVER_NODE_ARGS adds flags to its `node`. */
export function startServer(bench: Bench, port: number, env: NodeJS.ProcessEnv): BenchServer {
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = startNext({ cwd: ROOT, port, env, nodeArgs });
  bench.guardian.watchServer(server.pid);
  bench.cleanup.add(`stopped the server (pid ${server.pid})`, () => server.stop());
  return {
    server,
    memory: sampleMemory(server.pid),
    healthy: async () => {
      try {
        await waitForHealth(server, HEALTH_TIMEOUT_MS);
      } catch (error) {
        console.error(server.outputTail().join('\n'));
        throw error;
      }
      return server.outputLines();
    },
  };
}

/**
 * The sandbox in this process and `next start` against it (its key set and data API; `env` adds variables, e.g. the
 * consent page's address; `sandboxOptions` the companies' volumes). By IP, not `localhost`: the server listens on 127.0.0.1 only, and Node may resolve
 * localhost to ::1 first.
 */
export async function startWithSandbox(
  bench: Bench,
  progress: (message: string) => void,
  env: (addresses: ReturnType<typeof sandboxServiceAddresses>) => Record<string, string> = () => ({}),
  sandboxOptions: Pick<SandboxOptions, 'volumes'> = {},
): Promise<BenchServer & { sandbox: Sandbox; addonUrl: string }> {
  const port = await freePort();
  const addonUrl = `http://127.0.0.1:${port}`;
  const sandbox = await createSandbox({
    port: 0,
    addonUrl,
    pluginId: sandboxDefaults.pluginId,
    apiKey: sandboxDefaults.pluginApiKey,
    ...sandboxOptions,
  });
  bench.cleanup.add('closed the sandbox', () => sandbox.close());
  const addresses = sandboxServiceAddresses(sandbox.url);
  const base = addonEnv({ ...addresses, appUrl: addonUrl, databaseUrl: bench.database.url, home: ROOT });
  const started = startServer(bench, port, { ...base, ...env(addresses) });
  progress(`sandbox on ${sandbox.url}; next start on ${started.server.baseUrl} (pid ${started.server.pid})`);
  return { ...started, sandbox, addonUrl };
}

/** The add-on syncing its mirror (MIRROR_SYNC on) against a sandbox whose company `tenantId` holds `volume`. */
export const startMirroring = (
  bench: Bench,
  progress: (message: string) => void,
  tenantId: string,
  volume: CompanyVolume,
) => startWithSandbox(bench, progress, () => ({ MIRROR_SYNC: 'on' }), { volumes: { [tenantId]: volume } });

/**
 * `read` is a company's first request, which generates its data (a while for tens of thousands of records): timed
 * and told apart, so the wait is never mistaken for the add-on's. `company` names it in the progress line.
 */
export async function firstReadOf<T>(
  progress: (message: string) => void,
  company: string,
  read: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const result = await read();
  progress(`company ${company} generated in ${Math.round(performance.now() - started)} ms`);
  return result;
}

/**
 * The sandbox in a process of its own (support/sandbox-process.ts), watched by the guardian and stopped on cleanup,
 * for a benchmark that runs the add-on's own modules in this process: they read their configuration from the
 * environment, as under `next start`, which is set here to the sandbox's addresses and the bench database (no
 * add-on address: nothing calls it back).
 */
export async function startSandboxApart(
  bench: Bench,
  progress: (message: string) => void,
  volumes?: Record<string, CompanyVolume>,
): Promise<SandboxProcess> {
  const sandbox = await startSandboxProcess({
    pluginId: sandboxDefaults.pluginId,
    apiKey: sandboxDefaults.pluginApiKey,
    ...(volumes ? { volumes } : {}),
  });
  bench.guardian.watchServer(sandbox.pid);
  bench.cleanup.add(`stopped the sandbox (pid ${sandbox.pid})`, () => sandbox.stop());
  progress(`sandbox on ${sandbox.url} (pid ${sandbox.pid})`);
  Object.assign(
    process.env,
    addonEnv({
      ...sandboxServiceAddresses(sandbox.url),
      appUrl: 'http://127.0.0.1:9',
      databaseUrl: bench.database.url,
      home: ROOT,
    }),
  );
  return sandbox;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Starts counting CPU (server tree, the database's PostgreSQL backends, this process) and the host's load average;
 * call it after the warm-up, when the add-on's pool is open and its backends can be found. The function it answers
 * ends the window.
 */
export async function cpuWindow(
  bench: Bench,
  serverPid: number,
): Promise<() => Promise<{ cpu: CpuMs; loadAverage: [number, number] }>> {
  const postgresPids = await bench.database.backendPids();
  const loadBefore = loadavg()[0] ?? 0;
  const server = cpuMsByPid(processTree(serverPid));
  const postgres = cpuMsByPid(postgresPids);
  const self = process.cpuUsage();
  return async () => {
    const selfUsage = process.cpuUsage(self);
    const cpu: CpuMs = {
      server: cpuMsBetween(server, cpuMsByPid(processTree(serverPid))),
      postgres: cpuMsBetween(
        postgres,
        cpuMsByPid([...new Set([...postgresPids, ...(await bench.database.backendPids())])]),
      ),
      // Whatever else runs in this process (the sandbox, the memory sampler) is counted with the load generator.
      loadGenerator: (selfUsage.user + selfUsage.system) / 1000,
    };
    return { cpu, loadAverage: [round1(loadBefore), round1(loadavg()[0] ?? 0)] };
  };
}

/** Runs the benchmark, cleans up whatever happened, and exits with its code (1 when it threw). */
export function runBench(label: string, cleanup: Cleanup, main: () => Promise<number>): void {
  void main()
    .catch((error: unknown) => {
      console.error(`${label} failed: ${(error as Error).message}`);
      return 1;
    })
    .then(async (code) => {
      await cleanup.run();
      process.exit(code);
    });
}
