import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';
import { closeDb } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';

import { createSandbox, type Sandbox } from '../../sandbox/app';
import { signLaunchJwt } from '../../sandbox/launch-jwt';
import { rememberSecret } from './log-capture';

export const API_KEY = sandboxDefaults.pluginApiKey;
export const PLUGIN_ID = sandboxDefaults.pluginId;
export const BASE = 'http://localhost:3000';

/**
 * Runs the add-on's route handlers against a live key set: a sandbox on an ephemeral port plays the broker, and
 * the add-on's configuration points at it exactly as production points at the real gateway.
 */
export async function startBrokerFixture(
  extraEnv: Record<string, string> = {},
): Promise<Sandbox & { stop(): Promise<void> }> {
  const sandbox = await createSandbox({ port: 0, addonUrl: BASE, pluginId: PLUGIN_ID, apiKey: API_KEY });
  Object.assign(process.env, { BROKER_JWKS_URL: `${sandbox.url}/broker/jwks.json`, ...extraEnv });
  resetEnvForTests();
  await closeDb();
  return {
    ...sandbox,
    async stop() {
      await closeDb();
      await sandbox.close();
    },
  };
}

export async function launchJwt(sandbox: Sandbox, input: { sub?: string; tenantIds?: string[] } = {}) {
  return rememberSecret(
    await signLaunchJwt(sandbox.ring, {
      sub: input.sub ?? 'jana.novakova@example.sk',
      pluginId: PLUGIN_ID,
      tenantIds: input.tenantIds ?? ['10001', '10002'],
    }),
  );
}

type Init = {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  apiKey?: string | null;
  from?: string;
};

/** A request as the gateway sends it: JSON, the API key header, from a given source address. */
export function gatewayRequest(path: string, init: Init = {}): Request {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': init.from ?? '203.0.113.10',
    ...init.headers,
  };
  const apiKey = init.apiKey === undefined ? API_KEY : init.apiKey;
  if (apiKey !== null) headers['x-plugin-api-key'] = apiKey;
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    headers,
    body: init.rawBody ?? JSON.stringify(init.body ?? {}),
  });
}

export async function exchange(token: string, init: Init = {}) {
  const { POST } = await import('@/app/api/auth/token-exchange/route');
  return POST(gatewayRequest('/api/auth/token-exchange', { ...init, body: { token } }));
}

export async function deliver(body: unknown, init: Init = {}) {
  const { POST } = await import('@/app/api/auth/token-delivery/route');
  return POST(gatewayRequest('/api/auth/token-delivery', { ...init, body }));
}

export async function callback(code: string, headers: Record<string, string> = {}) {
  const { GET } = await import('@/app/auth/callback/route');
  return GET(
    new Request(`${BASE}/auth/callback?code=${encodeURIComponent(code)}`, {
      headers: { 'x-forwarded-for': '198.51.100.7', ...headers },
    }),
  );
}

/** Exchange a fresh JWT and return the launch code (remembered as a secret). */
export async function launch(sandbox: Sandbox, input: { sub?: string; tenantIds?: string[] } = {}) {
  const response = await exchange(await launchJwt(sandbox, input));
  if (response.status !== 200) throw new Error(`exchange answered ${response.status}`);
  const body = (await response.json()) as { launchCode: string; requestAccessToken: boolean };
  rememberSecret(body.launchCode);
  return body;
}

export function sessionCookieFrom(response: Response): string {
  const header = response.headers.get('set-cookie') ?? '';
  return rememberSecret(header.split(';')[0] ?? '');
}
