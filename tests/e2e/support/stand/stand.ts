/**
 * "The stand": the add-on deployed as in production, on loopback. A certificate authority and a server certificate
 * made for the run (./certificates.ts); Caddy with the repository's deploy/Caddyfile terminating TLS for
 * https://addon.localhost:<port> in front of N instances of the standalone artefact (`node server.js` in
 * .next/standalone, NODE_ENV=production) sharing a fresh database on a real PostgreSQL; the sandbox, in a process of
 * its own, as the service; and the service's window, a page of another origin over HTTPS
 * (https://service.localhost:<port>) that frames the add-on. Used by tests/e2e/deployment.test.ts and by the bench.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { sandboxDefaults, sandboxServiceAddresses } from '@/lib/platform/config/sandbox-defaults';

import { addonVariables, projectRoot } from '../addon-server';
import { freeLoopbackPort } from '../ports';
import { ADDON_HOST, type Certificates, makeCertificates } from './certificates';
import { requestByName } from './https-client';
import { type Child, startChild, waitUntilReady } from './processes';
import { type StandWindow, startServiceWindow } from './service-window';

export const ARTEFACT = path.join(projectRoot, '.next', 'standalone');
const CADDYFILE = path.join(projectRoot, 'deploy', 'Caddyfile');
const LOCALHOST_NAMES = path.join(projectRoot, 'tests', 'e2e', 'support', 'stand', 'localhost-names.ts');

export interface StandOptions {
  /** A PostgreSQL server on which a database `addon_stand_<random>` is created, and dropped by stop(). */
  postgresUrl: string;
  /** How many instances the stand has (default 2), and how many of them start at once (default all). */
  instances?: number;
  startInstances?: number;
  /** Who may enter the operators' console (OPERATOR_EMAILS); left out, the console is not configured. */
  operatorEmails?: string;
  /** More configuration of every instance. */
  addonEnv?: Record<string, string>;
  /** More configuration of the sandbox, e.g. SANDBOX_VOLUMES (sandbox/server.ts). */
  sandboxEnv?: Record<string, string>;
}

export interface Instance {
  /** e.g. http://127.0.0.1:41234: the instance itself, past the proxy. */
  directUrl: string;
  running(): boolean;
  pid(): number | undefined;
  output(): string;
}

export interface Stand {
  /** https://addon.localhost:<port>: the add-on's public address (APP_URL), through Caddy. */
  addonOrigin: string;
  /** The sandbox (the service) as the add-on calls it: http://127.0.0.1:<port>. */
  sandboxUrl: string;
  /** The service's window framing the add-on, over HTTPS on another origin. */
  serviceWindow: StandWindow;
  /** The authority's certificate (PEM), for requests from this process (./https-client.ts). */
  ca: string;
  certificates: Certificates;
  /** Flags that make Chromium trust exactly the stand's server certificate (nothing else, no blanket ignore). */
  chromiumArgs: string[];
  metricsToken: string;
  /** Secret values handed to the instances: none may show up in a page, a log or the proxy's log. */
  secrets: string[];
  instances: Instance[];
  startInstance(index: number): Promise<void>;
  /** SIGTERM by PID; resolves once the instance has ended. */
  stopInstance(index: number): Promise<void>;
  /** What Caddy wrote so far (its access log included). */
  proxyOutput(): string;
  /** Caddy's process, for a benchmark's CPU count. */
  proxyPid: number;
  /** The database's address, for a test that reads what the instances wrote. */
  databaseUrl: string;
  stop(): Promise<void>;
}

/** Why the stand cannot run on this machine, or undefined when it can (a build, caddy and openssl are there). */
export async function standMissing(): Promise<string | undefined> {
  if (!existsSync(path.join(ARTEFACT, 'server.js'))) return 'no artefact in .next/standalone (run `npm run build`)';
  for (const [command, args] of [
    ['caddy', ['version']],
    ['openssl', ['version']],
  ] as const) {
    const child = startChild(command, [...args], {});
    const ended = await new Promise<boolean>((resolve) => {
      const poll = setInterval(() => {
        if (!child.exited()) return;
        clearInterval(poll);
        resolve(!child.output().startsWith('could not start'));
      }, 50);
    });
    if (!ended) return `${command} is not installed (Debian: apt-get install ${command})`;
  }
  return undefined;
}

async function createDatabase(postgresUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `addon_stand_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const healthy = (url: string) => async () => {
  const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
  await response.body?.cancel();
  return response.status === 200;
};

export async function startStand(options: StandOptions): Promise<Stand> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'addon-stand-'));
  const cleanups: (() => Promise<void>)[] = [async () => rm(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const certificates = await makeCertificates(dir);
    const ca = await readFile(certificates.caFile, 'utf8');
    const database = await createDatabase(options.postgresUrl);
    cleanups.push(database.drop);

    const [proxyPort, redirectPort, sandboxPort] = [
      await freeLoopbackPort(),
      await freeLoopbackPort(),
      await freeLoopbackPort(),
    ];
    const addonOrigin = `https://${ADDON_HOST}:${proxyPort}`;
    const serviceWindow = await startServiceWindow(certificates);
    cleanups.push(serviceWindow.close);

    // The sandbox calls the add-on by its public name through the proxy, trusting the stand's authority.
    const sandbox = startChild(
      process.execPath,
      ['--import', 'tsx', '--import', LOCALHOST_NAMES, 'sandbox/server.ts'],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          SANDBOX_PORT: String(sandboxPort),
          ADDON_URL: addonOrigin,
          NODE_EXTRA_CA_CERTS: certificates.caFile,
        },
      },
    );
    cleanups.push(() => sandbox.stop());
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    await waitUntilReady(sandbox, 'The sandbox', healthyJwks(sandboxUrl));

    const metricsToken = randomBytes(24).toString('hex');
    const sessionSecret = randomBytes(20).toString('hex');
    const encryptionKey = randomBytes(32).toString('base64');
    const consoleSecret = randomBytes(24).toString('base64url');
    // The sandbox names itself http://localhost:<port> (sandbox/server.ts): its issuer is by that name.
    const service = sandboxServiceAddresses(`http://localhost:${sandboxPort}`);
    const addonEnv: Record<string, string> = {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      HOSTNAME: '127.0.0.1',
      // As deploy/addon@.service sets it: above the proxy's idle time for its upstream connections (deploy/Caddyfile).
      KEEP_ALIVE_TIMEOUT: '65000',
      APP_URL: addonOrigin,
      PLUGIN_ID: sandboxDefaults.pluginId,
      PLUGIN_API_KEYS: sandboxDefaults.pluginApiKey,
      BROKER_JWKS_URL: sandboxServiceAddresses(sandboxUrl).jwksUrl,
      DATA_API_BASE_URL: sandboxUrl,
      CONSENT_URL: sandboxServiceAddresses(sandboxUrl).consentUrl,
      INTEGRATOR_NAME: 'Doklady s.r.o.',
      SESSION_SECRETS: sessionSecret,
      ENCRYPTION_KEYS: `k1:${encryptionKey}`,
      DATABASE_URL: database.url,
      FRAME_ANCESTORS: `'self' ${serviceWindow.origin}`,
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: 'info',
      NODE_EXTRA_CA_CERTS: certificates.caFile,
      ...(options.operatorEmails
        ? {
            OPERATOR_OIDC_ISSUER: service.operatorIssuer,
            OPERATOR_OIDC_CLIENT_ID: sandboxDefaults.operatorClientId,
            OPERATOR_OIDC_CLIENT_SECRET: sandboxDefaults.operatorClientSecret,
            OPERATOR_SESSION_SECRET: consoleSecret,
            OPERATOR_EMAILS: options.operatorEmails,
          }
        : {}),
      ...options.addonEnv,
    };
    const baseEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const name of addonVariables) delete baseEnv[name];

    const count = options.instances ?? 2;
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freeLoopbackPort());
    const children: (Child | undefined)[] = ports.map(() => undefined);
    const instances: Instance[] = ports.map((port, i) => ({
      directUrl: `http://127.0.0.1:${port}`,
      running: () => children[i] !== undefined && !children[i].exited(),
      pid: () => children[i]?.pid,
      output: () => children[i]?.output() ?? '',
    }));
    const startInstance = async (i: number) => {
      if (instances[i]!.running()) return;
      const child = startChild(process.execPath, ['server.js'], {
        cwd: ARTEFACT,
        env: { ...baseEnv, ...addonEnv, PORT: String(ports[i]) },
      });
      children[i] = child;
      await waitUntilReady(child, `Instance ${i}`, healthy(instances[i]!.directUrl));
    };
    const stopInstance = async (i: number) => {
      await children[i]?.stop();
    };
    cleanups.push(async () => {
      await Promise.all(children.flatMap((child) => (child ? [child.stop()] : [])));
    });
    for (let i = 0; i < (options.startInstances ?? count); i++) await startInstance(i);

    const caddy = startChild('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      cwd: dir,
      env: {
        ...process.env,
        // Caddy's own state (autosave, storage) stays in the run's folder.
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, 'data'),
        XDG_CONFIG_HOME: path.join(dir, 'config'),
        ADDON_SITE: `${ADDON_HOST}:${proxyPort}`,
        ADDON_TLS: `${certificates.certFile} ${certificates.keyFile}`,
        ADDON_UPSTREAMS: ports.map((port) => `127.0.0.1:${port}`).join(' '),
        ADDON_HEALTH_INTERVAL: '1s',
        CADDY_ADMIN: 'off',
        CADDY_BIND: '127.0.0.1 [::1]',
        CADDY_HTTP_PORT: String(redirectPort),
        CADDY_HTTPS_PORT: String(proxyPort),
      },
    });
    cleanups.push(() => caddy.stop());
    await waitUntilReady(caddy, 'Caddy', async () => {
      const answer = await requestByName(addonOrigin, ca, '/api/health');
      return answer.status === 200;
    });

    return {
      addonOrigin,
      sandboxUrl,
      serviceWindow,
      ca,
      certificates,
      chromiumArgs: [`--ignore-certificate-errors-spki-list=${certificates.spkiSha256}`],
      metricsToken,
      secrets: [sessionSecret, encryptionKey, consoleSecret, metricsToken, sandboxDefaults.pluginApiKey],
      instances,
      startInstance,
      stopInstance,
      proxyOutput: caddy.output,
      proxyPid: caddy.pid,
      databaseUrl: database.url,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function healthyJwks(sandboxUrl: string) {
  return async () => {
    const response = await fetch(`${sandboxUrl}/broker/jwks.json`, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status === 200;
  };
}
