import { otherMethods } from '@/lib/http/other-methods';
import { consentAnswerPage } from '@/lib/consent/answer-pages';
import { completePostConsent } from '@/lib/consent/complete';
import { parseConsentForm } from '@/lib/consent/form';
import { getDb } from '@/lib/db/client';
import { companyPath } from '@/lib/documents/present';
import { localeOf } from '@/lib/documents/route-answers';
import { getEnv } from '@/lib/env';
import { readBodyText } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import type { ErrorCode } from '@/lib/http/errors';
import { countFailure } from '@/lib/http/failure-limit';
import { handleRequest } from '@/lib/http/handle';

export const dynamic = 'force-dynamic';

/** Tokens are a few kilobytes each; a consent lists the user's companies. */
const FORM_LIMIT_BYTES = 512 * 1024;

/**
 * The `redirect_url` of a post-mode consent: the service's page makes the user's browser POST the approved companies
 * here. It is a cross-site form POST, so no cookie of ours comes along: the single-use `state`, bound to the session
 * that started the consent, is what authenticates it. The same POST may arrive again (the page posts by itself after
 * a countdown, and has a button): a repeat stores nothing and lands on the same page.
 */
export async function POST(request: Request): Promise<Response> {
  const locale = localeOf(request);
  // Thrown refusals, as pages: too many failures from this address, or a body too large or missing.
  const renderError = (code: ErrorCode, headers: Record<string, string>) => {
    if (code === 'rate_limited') return consentAnswerPage('busy', locale, headers);
    if (code === 'payload_too_large' || code === 'bad_request') return consentAnswerPage('malformed', locale);
    return consentAnswerPage('unavailable', locale, headers);
  };

  return handleRequest(
    'consent-return',
    async (log) => {
      const form = parseConsentForm(await readBodyText(request, FORM_LIMIT_BYTES));
      if (!form) {
        log.reason = 'malformed_form';
        return consentAnswerPage('malformed', locale);
      }
      if (!form.state) {
        log.reason = 'state_missing';
        await countFailure(clientAddress(request));
        return consentAnswerPage('unknown', locale);
      }
      const completion = await completePostConsent(await getDb(), form.state, form.companies, getEnv().encryptionKeys);
      if (completion.kind === 'unknown') {
        log.reason = 'state_unknown';
        await countFailure(clientAddress(request));
        return consentAnswerPage('unknown', locale);
      }
      if (completion.kind === 'expired') {
        log.reason = 'state_expired';
        return consentAnswerPage('expired', locale);
      }
      log.reason = completion.kind;
      log.stored = completion.outcome.stored.length;
      log.leftOut = completion.outcome.leftOut.length;
      const location = `${companyPath(completion.startedFor)}?consent=${encodeURIComponent(completion.consentId)}`;
      return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
    },
    renderError,
  );
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
