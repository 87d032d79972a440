import { rememberSecret } from '../../support/log-capture';
import type { E2eEnvironment } from './environment';

/** The sandbox's fixture users (sandbox/directory.ts) by the id the gateway puts in the launch JWT. */
export const USERS = {
  jana: 'jana.novakova@example.sk',
  peter: 'peter.horvath@example.sk',
  standalone: '48213',
} as const;

/** Where a launch by fetch goes: the sandbox's gateway and the add-on (an E2eEnvironment is one). */
export interface LaunchTargets {
  sandbox: Pick<E2eEnvironment['sandbox'], 'url'>;
  addon: Pick<E2eEnvironment['addon'], 'url' | 'directUrl'>;
}

export interface FetchedSession {
  /** `name=value` of the session cookie, for a Cookie header. */
  cookie: string;
  /** Only the cookie's value (the part that must stay secret). */
  cookieValue: string;
  launchCode: string;
}

/**
 * A launch without a browser: POST the sandbox's launch form (the gateway exchanges the JWT and delivers the
 * tokens), then follow the redirect to the add-on's callback, which answers with the session cookie. The cookie is
 * `__Host-` and Secure, which fetch's own cookie handling would drop on http://; it is sent explicitly instead.
 */
export async function launchByFetch(
  env: LaunchTargets,
  userId: string,
  tenantIds: readonly string[],
): Promise<FetchedSession> {
  const form = new URLSearchParams({ userId });
  for (const tenantId of tenantIds) form.append('tenantIds', tenantId);
  const launched = await fetch(`${env.sandbox.url}/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  if (launched.status !== 302) {
    // The gateway's error page names its reason in its alert; anything else is shown as it came.
    const page = await launched.text();
    const reason = /role="alert">([\s\S]*?)<\/div>/.exec(page)?.[1]?.replace(/<[^>]+>/g, '') ?? page.slice(0, 300);
    throw new Error(`The sandbox's launch answered ${launched.status}: ${reason.trim()}`);
  }
  const location = launched.headers.get('location') ?? '';
  const launchCode = rememberSecret(new URL(location).searchParams.get('code') ?? '');
  // Node may resolve "localhost" to ::1 first, where the add-on does not listen: ask it by IP.
  const callback = await fetch(location.replace(env.addon.url, env.addon.directUrl), { redirect: 'manual' });
  await callback.body?.cancel();
  const setCookie = callback.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  if (callback.status !== 302 || !cookie.startsWith('__Host-')) {
    throw new Error(`The callback answered ${callback.status} without a session cookie.`);
  }
  rememberSecret(cookie);
  return { cookie, cookieValue: rememberSecret(cookie.slice(cookie.indexOf('=') + 1)), launchCode };
}

/**
 * One session per kind of user, by the company each opens: Jana's one launch with two companies (10001, 10002),
 * Peter (10004) and the standalone gateway's user, whose id is a number (20001).
 */
export async function launchEveryKindOfUser(env: E2eEnvironment): Promise<Record<string, FetchedSession>> {
  const jana = await launchByFetch(env, USERS.jana, ['10001', '10002']);
  return {
    '10001': jana,
    '10002': jana,
    '10004': await launchByFetch(env, USERS.peter, ['10004']),
    '20001': await launchByFetch(env, USERS.standalone, ['20001']),
  };
}

export interface LoadedPage {
  path: string;
  status: number;
  headers: Headers;
  body: string;
  /** Milliseconds from sending the request until the whole (streamed) body had arrived. */
  ms: number;
}

/**
 * GET a page of the add-on as the signed-in browser would, reading the streamed body to its end; redirects are not
 * followed. With `rsc`, asks for the React Server Component payload the client router fetches on navigation (header
 * `RSC: 1`); Next first redirects such a request to the same address with its `_rsc` cache key, which is followed.
 */
export async function loadPage(
  env: Pick<LaunchTargets, 'addon'>,
  session: Pick<FetchedSession, 'cookie'>,
  path: string,
  options: { rsc?: boolean; timeoutMs?: number } = {},
): Promise<LoadedPage> {
  const started = performance.now();
  const headers: Record<string, string> = { Cookie: session.cookie, 'Accept-Language': 'en-GB,en;q=0.9' };
  if (options.rsc) headers.RSC = '1';
  const response = await fetch(`${env.addon.directUrl}${path}`, {
    headers,
    redirect: options.rsc ? 'follow' : 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
  });
  const body = await response.text();
  return { path, status: response.status, headers: response.headers, body, ms: performance.now() - started };
}
