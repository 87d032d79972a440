import 'server-only';

import { cookies } from 'next/headers';
import { unauthorized } from 'next/navigation';
import { cache } from 'react';

import { requestEnded } from '@/lib/owners/ops/requests';
import { SESSION_COOKIE, unsealSessionId } from '@/lib/owners/sessions/cookie';
import { findActiveSession, type Session } from '@/lib/owners/sessions/sessions';
import { getDb } from '@/lib/platform/db/client';
import { forPage } from '@/lib/platform/db-errors';
import { getEnv } from '@/lib/platform/env';

/**
 * The data-access layer's session check for pages: the cookie must unseal and its row must be live. Otherwise
 * the signed-out page answers with 401 (never a redirect, so never a loop). Cached per request.
 *
 * A page has no status at its door (it streams), so the door writes the request line only for the refusal it
 * answers: 401 `no_session` (a cookie without a live session; a request without the cookie is answered by the proxy
 * before any door, and not logged).
 */
export const requireSession = cache(async (): Promise<Session> => {
  const started = performance.now();
  const sealed = (await cookies()).get(SESSION_COOKIE)?.value;
  const sessionId = await unsealSessionId(sealed, getEnv().sessionSecrets);
  const session = sessionId ? await forPage(async () => findActiveSession(await getDb(), sessionId)) : null;
  if (!session) {
    requestEnded({ endpoint: 'page', status: 401, started, log: { reason: 'no_session' } });
    unauthorized();
  }
  return session;
});
