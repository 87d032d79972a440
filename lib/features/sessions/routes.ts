import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { clientAddress } from '@/lib/base/http/client-address';
import { isSameOriginRequest } from '@/lib/base/http/same-origin';
import { messages } from '@/lib/base/i18n/messages';
import { handleRequest } from '@/lib/doors/http/handle';
import { countFailure, refuseWhileBlocked } from '@/lib/owners/rate-limits/failure-limit';
import {
  clearedSessionCookieHeader,
  readSessionCookie,
  sealSessionId,
  sessionCookieHeader,
  unsealSessionId,
} from '@/lib/owners/sessions/cookie';
import { isLaunchCodeShaped } from '@/lib/owners/sessions/launch-codes';
import { revokeSession } from '@/lib/owners/sessions/sessions';
import { signInWithLaunchCode } from '@/lib/owners/sessions/sign-in';
import { getEnv } from '@/lib/platform/env';
import type { Failure } from '@/lib/platform/http/failure';
import { bothLanguages, failurePageResponse } from '@/lib/platform/http/failure-page';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';

/**
 * The sign-in's failures are pages: the browser comes from the gateway, before we know the user's language, so both
 * are shown. A refused or spent code, and too many attempts, say so; anything else says "try again shortly".
 */
function renderFailure(failure: Failure): Response {
  const shown = failure.code === 'bad_request' || failure.code === 'rate_limited' ? failure.code : 'unavailable';
  return failurePageResponse({
    failure,
    texts: bothLanguages('sk').map((lang) => ({ lang, text: messages[lang].signInFailures[shown] })),
  });
}

const isPrefetch = (request: Request) =>
  /prefetch/i.test(request.headers.get('sec-purpose') ?? '') || /prefetch/i.test(request.headers.get('purpose') ?? '');

async function callback(request: Request) {
  return handleRequest(
    { endpoint: 'callback', request },
    async (log, db) => {
      // A prefetch or preview must not spend the single-use code the real navigation needs.
      if (isPrefetch(request)) {
        log.reason = 'prefetch_ignored';
        return new Response(null, { status: 204 });
      }
      // The shape is checked before anything is touched. A malformed code is not counted against the address:
      // refusing it costs nothing, while a well-shaped one costs a database statement and is counted below.
      const code = new URL(request.url).searchParams.get('code');
      if (!isLaunchCodeShaped(code)) throw new HttpError('bad_request', 'code_malformed');

      // A blocked address is refused before its code is looked at, so it cannot spend a good code either.
      const source = clientAddress(request);
      await refuseWhileBlocked(source);

      const env = getEnv();
      const previous = await unsealSessionId(readSessionCookie(request), env.sessionSecrets);
      const session = await signInWithLaunchCode(await db(), code, previous);
      if (!session) {
        await countFailure(source);
        throw new HttpError('bad_request', 'code_invalid_expired_or_used');
      }
      log.replacedSession = previous !== null;
      log.tenants = session.tenantIds.length;
      return new Response(null, {
        status: 302,
        headers: {
          Location: '/',
          'Set-Cookie': sessionCookieHeader(await sealSessionId(session.id, env.sessionSecrets)),
          'Referrer-Policy': 'no-referrer',
        },
      });
    },
    renderFailure,
  );
}

/** HEAD (link checkers, previews) answers like the page would, and consumes nothing. */
function callbackHead() {
  return withRouteHeaders(
    new Response(null, {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Referrer-Policy': 'no-referrer' },
    }),
  );
}

/** Ends the session server-side; only from our own pages (lib/base/http/same-origin.ts says why). */
async function logout(request: Request) {
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

/** The session's addresses (app/auth/), each taken whole by its route file; a browser only navigates to the callback: OPTIONS is refused like the other methods. */
export const sessionAddresses = {
  callback: { ...otherMethods('GET, HEAD', { preflight: false }), GET: callback, HEAD: callbackHead },
  logout: { ...otherMethods('POST'), POST: logout },
};
