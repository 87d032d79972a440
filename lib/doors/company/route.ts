import 'server-only';

import { type CompanyScope, companyScope } from '@/lib/base/company-scope';
import { HttpError } from '@/lib/base/errors';
import { isSameOriginRequest } from '@/lib/base/http/same-origin';
import { wantsJson } from '@/lib/base/http/wants-json';
import { companyFailureAnswer, type FailedRequest } from '@/lib/doors/company/failure-answers';
import type { FilePlace } from '@/lib/doors/company/failure-frame';
import { openCompanyClient } from '@/lib/owners/connections/client';
import { requestEnded } from '@/lib/owners/ops/requests';
import { readSessionCookie, unsealSessionId } from '@/lib/owners/sessions/cookie';
import { findActiveSession, type Session } from '@/lib/owners/sessions/sessions';
import { type Db, getDb } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';
import { failureOf } from '@/lib/platform/http/failure';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';
import type { ClientOptions, DataApiClient } from '@/lib/service/client';

/**
 * The one door of a company's route handlers (its file addresses and its forms), as `requireCompany` is of its
 * pages. Every check is made in one order before the handler runs: a form must come from our own origin (the session
 * cookie is `SameSite=None`, as it must be inside the service's frame, so another site's form could carry it), then
 * the session (401), then the company of the session (403); so a foreign company costs no query of its data and no
 * data-API call. The handler gets what it may then do; anything it throws (an HttpError it chose, the data API's
 * failure, a database that cannot be reached) is answered through the one mapping (lib/platform/http/failure.ts), as
 * the company's failure page for a file address or a small page for a form, or JSON for the page's script. Every
 * request, answered or failed, ends with the one request line and its count (lib/owners/ops/requests.ts): the
 * endpoint's name, the path (never the query), the status, the time to the answer's headers and the reason.
 */

export type CompanyRequest<P> = {
  readonly request: Request;
  readonly params: P;
  readonly session: Session;
  readonly scope: CompanyScope;
  /** The company's data-API client. */
  readonly client: (options?: ClientOptions) => Promise<DataApiClient>;
  /** Our own database, for the company. */
  readonly read: <T>(query: (db: Db, scope: CompanyScope) => Promise<T>) => Promise<T>;
};

type RouteOptions<P> = {
  /** The name of the address in the request line and the metrics (`company.export`, `company.sync`, …). */
  endpoint: `company.${string}`;
  /** A form of our own pages: only our own origin is honoured. */
  form?: boolean;
  /** A file address: where the file belongs, for the company's failure page. */
  file?: (params: P, request: Request) => FilePlace;
  /** An address only our pages' script reads: failures are answered as JSON. */
  json?: boolean;
};

type Handler<P> = (company: CompanyRequest<P>) => Promise<Response>;

/** The session the request's cookie names, if it is live. */
async function sessionOf(request: Request): Promise<Session | null> {
  const sessionId = await unsealSessionId(readSessionCookie(request), getEnv().sessionSecrets);
  return sessionId ? findActiveSession(await getDb(), sessionId) : null;
}

export function companyRoute<P extends { tenantId: string }>(options: RouteOptions<P>, handle: Handler<P>) {
  return async function companyRequest(request: Request, context: { params: Promise<P> }): Promise<Response> {
    const started = performance.now();
    const params = await context.params;
    const where: FailedRequest = { json: options.json === true || (Boolean(options.file) && wantsJson(request)) };
    let response: Response;
    let reason = 'ok';
    let unexpected: { error: unknown } | undefined;
    try {
      if (options.form && !isSameOriginRequest(request, getEnv().appUrl))
        throw new HttpError('forbidden', 'cross_site_form');
      const session = await sessionOf(request);
      if (!session) throw new HttpError('unauthorized', 'no_session');
      if (!session.tenantIds.includes(params.tenantId)) throw new HttpError('forbidden', 'company_not_in_session');
      const scope = companyScope(session, params.tenantId);
      where.company = { session, scope, place: options.file?.(params, request) };
      response = withRouteHeaders(
        await handle({
          request,
          params,
          session,
          scope,
          client: (clientOptions) => openCompanyClient(scope, clientOptions),
          read: async (query) => query(await getDb(), scope),
        }),
      );
    } catch (error) {
      const failure = failureOf(error);
      reason = failure.reason;
      if (failure.unexpected) unexpected = { error };
      response = await companyFailureAnswer(request, failure, where);
    }
    requestEnded({
      endpoint: options.endpoint,
      method: request.method,
      route: new URL(request.url).pathname,
      status: response.status,
      started,
      log: { reason },
      unexpected,
    });
    return response;
  };
}
