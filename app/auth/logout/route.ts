import { getEnv } from '@/lib/env';
import { getDb } from '@/lib/db/client';
import { HttpError } from '@/lib/http/errors';
import { handleRequest } from '@/lib/http/handle';
import { clearedSessionCookieHeader, readSessionCookie, unsealSessionId } from '@/lib/session/cookie';
import { revokeSession } from '@/lib/session/sessions';

export const dynamic = 'force-dynamic';

/**
 * Ends the session server-side. The cookie is `SameSite=None` (it must work inside the embedding frame), so a
 * cross-site form could post here: only requests from our own origin are honoured.
 */
export async function POST(request: Request) {
  return handleRequest('logout', async (log) => {
    const env = getEnv();
    const origin = request.headers.get('origin');
    const site = request.headers.get('sec-fetch-site');
    if ((origin && origin !== env.appUrl) || (site && site !== 'same-origin')) {
      throw new HttpError('forbidden', 'cross_site_logout');
    }
    const sessionId = await unsealSessionId(readSessionCookie(request), env.sessionSecrets);
    if (sessionId) await revokeSession(await getDb(), sessionId);
    log.hadSession = sessionId !== null;
    return new Response(null, {
      status: 303,
      headers: { Location: '/signed-out', 'Set-Cookie': clearedSessionCookieHeader() },
    });
  });
}
