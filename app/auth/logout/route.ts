import { otherMethods } from '@/lib/http/other-methods';
import { getEnv } from '@/lib/env';
import { getDb } from '@/lib/db/client';
import { HttpError } from '@/lib/http/errors';
import { handleRequest } from '@/lib/http/handle';
import { isSameOriginRequest } from '@/lib/http/same-origin';
import { clearedSessionCookieHeader, readSessionCookie, unsealSessionId } from '@/lib/session/cookie';
import { revokeSession } from '@/lib/session/sessions';

export const dynamic = 'force-dynamic';

/** Ends the session server-side; only from our own pages (lib/http/same-origin.ts says why). */
export async function POST(request: Request) {
  return handleRequest('logout', async (log) => {
    const env = getEnv();
    if (!isSameOriginRequest(request, env.appUrl)) throw new HttpError('forbidden', 'cross_site_logout');
    const sessionId = await unsealSessionId(readSessionCookie(request), env.sessionSecrets);
    if (sessionId) await revokeSession(await getDb(), sessionId);
    log.hadSession = sessionId !== null;
    return new Response(null, {
      status: 303,
      headers: { Location: '/signed-out', 'Set-Cookie': clearedSessionCookieHeader() },
    });
  });
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
