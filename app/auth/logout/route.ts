import { HttpError } from '@/lib/base/errors';
import { isSameOriginRequest } from '@/lib/base/http/same-origin';
import { handleRequest } from '@/lib/doors/http/handle';
import { clearedSessionCookieHeader, readSessionCookie, unsealSessionId } from '@/lib/owners/sessions/cookie';
import { revokeSession } from '@/lib/owners/sessions/sessions';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** Ends the session server-side; only from our own pages (lib/base/http/same-origin.ts says why). */
export async function POST(request: Request) {
  return handleRequest({ endpoint: 'logout', request }, async (log, db) => {
    const env = getEnv();
    if (!isSameOriginRequest(request, env.appUrl)) throw new HttpError('forbidden', 'cross_site_logout');
    const sessionId = await unsealSessionId(readSessionCookie(request), env.sessionSecrets);
    if (sessionId) await revokeSession(await db(), sessionId);
    log.hadSession = sessionId !== null;
    return new Response(null, {
      status: 303,
      headers: { Location: '/signed-out', 'Set-Cookie': clearedSessionCookieHeader() },
    });
  });
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
