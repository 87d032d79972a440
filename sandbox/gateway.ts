import { z } from 'zod';

import type { AccessTokenStore } from './access-tokens';
import { findCompany, findUser } from './directory';
import type { KeyRing } from './key-ring';
import { signLaunchJwt } from './launch-jwt';

export interface LaunchInput {
  addonUrl: string;
  apiKey: string;
  pluginId: string;
  ring: KeyRing;
  tokens: AccessTokenStore;
  userId: string;
  tenantIds: readonly string[];
  /** Per call to the add-on; the real gateway's TokenExchange/DeliveryTimeoutSeconds are configured the same way. */
  timeoutMs?: number;
}

/** Status is the gateway's own status from "Token broker errors"; reason is for the developer, never a secret. */
export type LaunchResult = { ok: true; callbackUrl: string } | LaunchFailure;
export type LaunchFailure = { ok: false; status: number; reason: string };

export const DEFAULT_GATEWAY_TIMEOUT_MS = 5_000;

const exchangeResponseSchema = z.object({
  launchCode: z.string(),
  requestAccessToken: z.boolean(),
});

type Outcome = { kind: 'response'; status: number; body: string } | { kind: 'timeout' } | { kind: 'transport' };

async function postJson(url: string, apiKey: string, body: unknown, timeoutMs: number): Promise<Outcome> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Plugin-Api-Key': apiKey },
      body: JSON.stringify(body),
      // A redirect from a server-to-server endpoint is an error of the add-on, not something to follow.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { kind: 'response', status: res.status, body: await res.text() };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return name === 'TimeoutError' ? { kind: 'timeout' } : { kind: 'transport' };
  }
}

function fail(status: number, reason: string): LaunchFailure {
  return { ok: false, status, reason };
}

/**
 * Plays the gateway's part of one launch: checks the request, signs the JWT, calls token-exchange and, when asked,
 * token-delivery, and returns where the browser goes next. Nothing secret (JWT, API key, code, tokens) leaves here
 * except inside the requests to the add-on and the callback URL itself.
 */
export async function runLaunch(input: LaunchInput): Promise<LaunchResult> {
  const base = input.addonUrl.replace(/\/+$/, '');
  const timeoutMs = input.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS;

  const user = findUser(input.userId);
  if (!user) return fail(403, 'the user is not known to the gateway');
  const tenantIds = [...new Set(input.tenantIds)];
  const notAllowed = tenantIds.filter((id) => !user.tenantIds.includes(id));
  if (notAllowed.length > 0) return fail(403, `tenant not allowed: ${notAllowed.join(', ')}`);

  const jwt = await signLaunchJwt(input.ring, { sub: user.id, pluginId: input.pluginId, tenantIds });
  const exchange = await postJson(`${base}/api/auth/token-exchange`, input.apiKey, { token: jwt }, timeoutMs);
  if (exchange.kind === 'timeout') return fail(504, `token-exchange did not answer within ${timeoutMs} ms`);
  if (exchange.kind === 'transport') return fail(502, 'token-exchange could not be reached');
  if (exchange.status !== 200) return fail(502, `token-exchange answered ${exchange.status}`);

  let parsed: z.infer<typeof exchangeResponseSchema>;
  try {
    parsed = exchangeResponseSchema.parse(JSON.parse(exchange.body));
  } catch {
    return fail(502, 'token-exchange answered something other than { launchCode, requestAccessToken }');
  }
  if (parsed.launchCode === '') return fail(502, 'token-exchange answered an empty launchCode');
  if (parsed.launchCode.length !== 64) return fail(502, 'token-exchange answered a launchCode not 64 characters long');

  if (parsed.requestAccessToken) {
    const failure = await deliverTokens(base, input, user.id, tenantIds, timeoutMs);
    if (failure) return failure;
  }
  return { ok: true, callbackUrl: `${base}/auth/callback?code=${encodeURIComponent(parsed.launchCode)}` };
}

async function deliverTokens(
  base: string,
  input: LaunchInput,
  userId: string,
  tenantIds: readonly string[],
  timeoutMs: number,
): Promise<LaunchFailure | undefined> {
  // One fresh token per company; the token provider's empty answer for some companies is passed on as ''.
  const entries = tenantIds.map((tenantId) => {
    const company = findCompany(tenantId);
    const accessToken = company?.emptyToken ? '' : input.tokens.issue(tenantId, userId);
    return { tenantId, name: company?.name ?? '', accessToken };
  });
  // The interface: when every token is empty, delivery is skipped and the launch continues.
  if (entries.every((e) => e.accessToken === '')) return undefined;

  const body = { userId, pluginId: input.pluginId, tokens: entries };
  const delivery = await postJson(`${base}/api/auth/token-delivery`, input.apiKey, body, timeoutMs);
  const failure =
    delivery.kind === 'timeout'
      ? fail(502, `token-delivery did not answer within ${timeoutMs} ms`)
      : delivery.kind === 'transport'
        ? fail(502, 'token-delivery could not be reached')
        : delivery.status !== 200
          ? fail(502, `token-delivery answered ${delivery.status}`)
          : undefined;
  // Tokens the add-on may not have stored are withdrawn, so no live connection is left that nobody holds.
  if (failure) for (const e of entries) if (e.accessToken) input.tokens.revokeToken(e.accessToken);
  return failure;
}
