import 'server-only';
import { getDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { isSameOriginRequest } from '@/lib/http/same-origin';
import { localeOf } from '@/lib/http/request-locale';
import { readSessionCookie, unsealSessionId } from '@/lib/session/cookie';
import { findActiveSession, type Session } from '@/lib/session/sessions';
import { failureJson, failurePage, logged } from './failure-answers';
import { failureOf, type Failure } from './failures';

/**
 * Who may ask about a company in a route handler. A route handler gets the request, not next/headers, so the
 * session is read from the request's cookie here, and every check is made in one order: session (401), then the
 * company of the session (403); the data API only after both.
 */

export type CompanyAccess = { ok: true; session: Session } | { ok: false; response: Response };

/**
 * The session of a file request, which must include the company. `json`: the refusal is for a page's script (the
 * preview link asking for its address), in the one error shape; otherwise it is a page.
 */
export async function authorizeCompanyRequest(
  request: Request,
  tenantId: string,
  json = false,
): Promise<CompanyAccess> {
  const locale = localeOf(request);
  const env = getEnv();
  const refuse = (failure: Failure, retryAfterSeconds?: number) =>
    json ? failureJson(failure, retryAfterSeconds) : failurePage(failure, locale, retryAfterSeconds);
  let session: Session | null = null;
  try {
    const fromCookie = await unsealSessionId(readSessionCookie(request), env.sessionSecrets);
    if (fromCookie) session = await findActiveSession(await getDb(), fromCookie);
  } catch (error) {
    const { failure, retryAfterSeconds } = failureOf(error);
    return { ok: false, response: logged(request, refuse(failure, retryAfterSeconds), 'session_lookup_failed', error) };
  }
  if (!session) return { ok: false, response: logged(request, refuse('signedOut'), 'no_session') };
  if (!session.tenantIds.includes(tenantId)) {
    return { ok: false, response: logged(request, refuse('forbidden'), 'company_not_in_session') };
  }
  return { ok: true, session };
}

/**
 * The session of a form POST from our own pages about one company. The session cookie is `SameSite=None` (it must
 * work inside the service's frame), so another site's form could carry it: only our own origin is honoured.
 */
export async function authorizeCompanyForm(request: Request, tenantId: string): Promise<CompanyAccess> {
  if (!isSameOriginRequest(request, getEnv().appUrl))
    return { ok: false, response: failurePage('forbidden', localeOf(request)) };
  return authorizeCompanyRequest(request, tenantId);
}
