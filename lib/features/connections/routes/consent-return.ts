import 'server-only';

import { readBodyText } from '@/lib/base/http/body';
import { clientAddress } from '@/lib/base/http/client-address';
import { localeOf } from '@/lib/base/http/request-locale';
import { handleRequest } from '@/lib/doors/http/handle';
import { completeConsentReturn } from '@/lib/features/connections/connect';
import { consentAnswerPage } from '@/lib/owners/consent/answer-pages';
import { parseConsentForm } from '@/lib/owners/consent/form';
import { consentReturnPage } from '@/lib/owners/consent/return-page';
import { countFailure, refuseWhileBlocked } from '@/lib/owners/rate-limits/failure-limit';
import { readSessionCookie, unsealSessionId } from '@/lib/owners/sessions/cookie';
import { getEnv } from '@/lib/platform/env';
import type { Failure } from '@/lib/platform/http/failure';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { companyPath } from '@/lib/service/records/present';

/** Tokens are a few kilobytes each; a consent lists the user's companies. */
const FORM_LIMIT_BYTES = 512 * 1024;

/** Whether the browser brought the cookie of the very session that started the consent (the add-on used unframed). */
async function fromStartingSession(request: Request, sessionId: string): Promise<boolean> {
  const fromCookie = await unsealSessionId(readSessionCookie(request), getEnv().sessionSecrets).catch(() => null);
  return fromCookie === sessionId;
}

/**
 * The `redirect_url` of a post-mode consent: the service's page makes the user's browser POST the approved companies
 * here. It is a cross-site form POST in the tab the consent page was opened in, outside the service's frame, so no
 * cookie of ours comes along (the frame's is partitioned under the service's site): the single-use `state`, bound to
 * the session that started the consent, is what authenticates it. The same POST may arrive again (the page posts by
 * itself after a countdown, and has a button): a repeat stores nothing and shows the same page.
 *
 * The answer is a page of its own that needs no session: what was connected, and back to the service's tab, whose
 * frame follows the attempt and shows the company by itself (lib/owners/consent/return-page.ts). Only a browser that brings
 * the cookie of the session that started the consent (the add-on opened outside the service, without script) is sent
 * on to the company page, as before.
 *
 * An address that has spent its failed-authentication budget is refused first, before the body is read or any state
 * is looked up; unknown states spend it.
 */
async function consentReturn(request: Request): Promise<Response> {
  const locale = localeOf(request);
  // Thrown refusals, as pages: too many failures from this address, or a body too large or missing.
  const renderFailure = ({ code, retryAfterSeconds }: Failure) => {
    if (code === 'rate_limited') return consentAnswerPage('busy', locale, retryAfterSeconds);
    if (code === 'payload_too_large' || code === 'bad_request') return consentAnswerPage('malformed', locale);
    return consentAnswerPage('unavailable', locale);
  };

  return handleRequest(
    { endpoint: 'consent-return', request },
    async (log, db) => {
      const source = clientAddress(request);
      await refuseWhileBlocked(source);
      const form = parseConsentForm(await readBodyText(request, FORM_LIMIT_BYTES));
      if (!form) {
        log.reason = 'malformed_form';
        return consentAnswerPage('malformed', locale);
      }
      if (!form.state) {
        log.reason = 'state_missing';
        await countFailure(source);
        return consentAnswerPage('unknown', locale);
      }
      const env = getEnv();
      const completion = await completeConsentReturn(await db(), form.state, form.companies, env.encryptionKeys);
      if (completion.kind === 'unknown') {
        log.reason = 'state_unknown';
        await countFailure(source);
        return consentAnswerPage('unknown', locale);
      }
      if (completion.kind === 'expired') {
        log.reason = 'state_expired';
        return consentAnswerPage('expired', locale);
      }
      log.reason = completion.kind;
      log.stored = completion.outcome.stored.length;
      log.leftOut = completion.outcome.leftOut.length;
      log.replaced = completion.outcome.replaced.length;
      if (await fromStartingSession(request, completion.sessionId)) {
        const location = `${companyPath(completion.startedFor)}?consent=${encodeURIComponent(completion.consentId)}`;
        return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
      }
      return consentReturnPage(completion, locale);
    },
    renderFailure,
  );
}

/** The consent's return address, taken whole by its route file (app/consent/return/route.ts). */
export const consentReturnAddress = { ...otherMethods('POST'), POST: consentReturn };
