import type { Fetch } from './http';

/** The benchmarks' user: Jana Nováková of the sandbox's directory (sandbox/directory.ts), of companies 10001–10003. */
export const BENCH_USER = 'jana.novakova@example.sk';

/**
 * A real sign-in, as a browser would go through it: the sandbox's launch form (POST /launch runs the gateway's
 * token exchange and token delivery against the add-on and answers 302 to the add-on's callback), then the callback
 * itself, whose Set-Cookie carries the session. Answers the `Cookie` header value to send with every page view.
 */
export async function signInThroughSandbox(
  fetch: Fetch,
  sandboxUrl: string,
  userId: string,
  tenantIds: readonly string[],
): Promise<string> {
  const form = new URLSearchParams({ userId });
  for (const tenantId of tenantIds) form.append('tenantIds', tenantId);
  const launch = await fetch(`${sandboxUrl}/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const launchBody = await launch.text();
  const callbackUrl = launch.headers.get('location');
  if (launch.status !== 302 || !callbackUrl) {
    // The sandbox's error page says which step of the gateway failed; no secret is on it.
    const reason = launchBody
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 300);
    throw new Error(`launch of ${userId} → ${tenantIds.join(',')} answered ${launch.status}: ${reason}`);
  }

  const callback = await fetch(callbackUrl, { redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  await callback.arrayBuffer();
  const session = callback.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0] ?? '')
    .find((pair) => pair.startsWith('__Host-'));
  if (callback.status < 300 || callback.status >= 400 || !session) {
    throw new Error(
      `callback of ${userId} → ${tenantIds.join(',')} answered ${callback.status} without a session cookie`,
    );
  }
  return session;
}
