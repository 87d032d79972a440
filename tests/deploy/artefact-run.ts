import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sandboxDefaults, sandboxServiceAddresses } from '@/lib/platform/config/sandbox-defaults';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const built = path.join(projectRoot, '.next', 'standalone');

/**
 * The artefact as an operator deploys it: `.next/standalone/` (what `npm run build` assembles) copied into a fresh
 * folder outside the repository, symbolic links kept as links (`cp -a`), so nothing of the source tree, its
 * node_modules above all, is within reach of Node's module resolution.
 */
export function copyArtefact(): { dir: string; remove(): void } {
  if (!existsSync(path.join(built, 'server.js'))) {
    throw new Error('No artefact in .next/standalone: run `npm run build` first (npm test does).');
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'addon-artefact-'));
  const dir = path.join(root, 'addon');
  cpSync(built, dir, { recursive: true, verbatimSymlinks: true });
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export type ArtefactConfig = {
  port: number;
  sandboxUrl: string;
  /** PostgreSQL; without it PGlite in `pgliteDir`. */
  databaseUrl?: string;
  pgliteDir?: string;
  metricsToken?: string;
};

// One set of secrets for every instance of a test file: instances on one database must read each other's rows.
const secrets = {
  SESSION_SECRETS: randomBytes(32).toString('base64'),
  ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
};

/** Exactly the variables an operator's environment file holds (deploy/addon.env.example), and nothing inherited. */
function environmentOf(config: ArtefactConfig): NodeJS.ProcessEnv {
  const { jwksUrl, dataApiBaseUrl } = sandboxServiceAddresses(config.sandboxUrl);
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(config.port),
    HOSTNAME: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${config.port}`,
    PLUGIN_ID: sandboxDefaults.pluginId,
    PLUGIN_API_KEYS: sandboxDefaults.pluginApiKey,
    BROKER_JWKS_URL: jwksUrl,
    DATA_API_BASE_URL: dataApiBaseUrl,
    ...secrets,
    LOG_LEVEL: 'info',
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : { PGLITE_DIR: config.pgliteDir }),
    ...(config.metricsToken ? { METRICS_TOKEN: config.metricsToken } : {}),
  };
}

export type RunningArtefact = {
  url: string;
  output(): string;
  /** Resolves when the process has exited, with its code (null when a signal ended it) and the time. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Sends SIGTERM (the stop systemd sends) once. */
  terminate(): void;
  /** SIGKILL if still running: the tests' own cleanup, never the behaviour under test. */
  kill(): void;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds or the deadline passes; answers whether it held. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await pause(200);
  }
  return check();
}

/** `node server.js` in the copied artefact, on loopback; resolves once GET /api/health answers 200. */
export async function startArtefact(dir: string, config: ArtefactConfig): Promise<RunningArtefact> {
  const child: ChildProcess = spawn(process.execPath, ['server.js'], {
    cwd: dir,
    env: environmentOf(config),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  let done = false;
  void exited.then(() => (done = true));
  const running: RunningArtefact = {
    url: `http://127.0.0.1:${config.port}`,
    output: () => chunks.join(''),
    exited,
    terminate: () => {
      if (!done && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    },
    kill: () => {
      if (!done && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    },
  };
  const healthy = await waitFor(async () => {
    if (done) return true;
    try {
      const response = await fetch(`${running.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      return response.status === 200;
    } catch {
      return false;
    }
  }, 90_000);
  if (!healthy || done) {
    running.kill();
    await exited;
    throw new Error(`The artefact did not become healthy. Its output:\n${running.output()}`);
  }
  return running;
}
