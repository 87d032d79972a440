import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sandboxDefaults, sandboxServiceAddresses } from '@/lib/platform/config/sandbox-defaults';

import { startChild } from './stand/processes';

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Variables the add-on reads (lib/platform/env.ts): none may leak in from the shell that runs the tests. */
export const addonVariables = [
  'APP_URL',
  'PORT',
  'PLUGIN_ID',
  'PLUGIN_API_KEYS',
  'BROKER_JWKS_URL',
  'DATA_API_BASE_URL',
  'CONSENT_URL',
  'CONSENT_RESPONSE_MODE',
  'CONSENT_APP_NAME',
  'INTEGRATOR_NAME',
  'DATABASE_URL',
  'PGLITE_DIR',
  'SESSION_SECRETS',
  'ENCRYPTION_KEYS',
  'FRAME_ANCESTORS',
  'PREVIEW_HOSTS',
  'LOG_LEVEL',
  'SANDBOX',
  'OPERATOR_OIDC_ISSUER',
  'OPERATOR_OIDC_CLIENT_ID',
  'OPERATOR_OIDC_CLIENT_SECRET',
  'OPERATOR_EMAILS',
  'OPERATOR_EMAIL_DOMAIN',
  'OPERATOR_SESSION_SECRET',
  'NEXTAUTH_URL',
  'NEXTAUTH_SECRET',
  'METRICS_TOKEN',
  'UPLOAD_BODY_SECONDS',
];

/** The service's application that embeds the add-on, as production configures it. */
export const FRAME_ANCESTORS = "'self' https://firma.kros.sk";

export interface AddonServerOptions {
  port: number;
  /** Base address of the sandbox: the broker's key set and the data API. */
  sandboxUrl: string;
  /** Folder of the embedded database (PGLITE_DIR). */
  pgliteDir: string;
  readyTimeoutMs?: number;
  /** More configuration, e.g. CONSENT_RESPONSE_MODE=poll. */
  extraEnv?: Record<string, string>;
}

export interface AddonServer {
  /** The add-on's public address, as the gateway and the browser use it: http://localhost:<port> */
  url: string;
  /** The same server by IP, for requests from this process (Node may resolve localhost to ::1 first). */
  directUrl: string;
  /** Secret values handed to the server, so a test can check none of them shows up in its output. */
  secrets: string[];
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the production build (`next start`) as the add-on, configured against the sandbox, and waits until
 * GET /api/health answers 200. The build must exist: the project's test script builds before running vitest.
 */
export async function startAddonServer(options: AddonServerOptions): Promise<AddonServer> {
  if (!existsSync(path.join(projectRoot, '.next', 'BUILD_ID'))) {
    throw new Error('No production build in .next/: run `npx next build` before the e2e tests.');
  }
  const url = `http://localhost:${options.port}`;
  const directUrl = `http://127.0.0.1:${options.port}`;
  const sessionSecret = randomBytes(20).toString('hex'); // 40 characters
  const encryptionKey = randomBytes(32).toString('base64');

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of addonVariables) delete env[name];
  const { jwksUrl, dataApiBaseUrl, consentUrl } = sandboxServiceAddresses(options.sandboxUrl);
  Object.assign(env, {
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    APP_URL: url,
    PLUGIN_ID: sandboxDefaults.pluginId,
    PLUGIN_API_KEYS: sandboxDefaults.pluginApiKey,
    BROKER_JWKS_URL: jwksUrl,
    DATA_API_BASE_URL: dataApiBaseUrl,
    CONSENT_URL: consentUrl,
    INTEGRATOR_NAME: 'Doklady s.r.o.',
    SESSION_SECRETS: sessionSecret,
    ENCRYPTION_KEYS: `k1:${encryptionKey}`,
    PGLITE_DIR: options.pgliteDir,
    LOG_LEVEL: 'info',
    FRAME_ANCESTORS: FRAME_ANCESTORS,
    ...options.extraEnv,
  });

  const child = startChild(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(options.port), '-H', '127.0.0.1'],
    { cwd: projectRoot, env },
  );
  const output = child.output;
  const stop = () => child.stop(5_000);

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exited()) {
      // Why it ended (a failed spawn included) is in its output, appended below.
      lastProblem = 'it ended';
      break;
    }
    try {
      const response = await fetch(`${directUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      if (response.status === 200) {
        const handed = [sessionSecret, encryptionKey, sandboxDefaults.pluginApiKey];
        // The operators' console's secrets, when it is configured.
        for (const name of ['OPERATOR_OIDC_CLIENT_SECRET', 'OPERATOR_SESSION_SECRET']) {
          const value = options.extraEnv?.[name];
          if (value) handed.push(value);
        }
        return { url, directUrl, secrets: handed, output, stop };
      }
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = `GET /api/health failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    await pause(250);
  }
  await stop();
  throw new Error(`The add-on did not become healthy (${lastProblem}). Its output:\n${output()}`);
}
