import { findPendingAttempt } from '@/lib/consent/attempt';
import { isConsentId } from '@/lib/consent/secrets';
import { consentPageUrl } from '@/lib/consent/start';
import { getDb } from '@/lib/db/client';
import { companyPath } from '@/lib/documents/present';
import { authorizeCompanyForm } from '@/lib/http/company/authorize';
import { failurePage, failureResponse } from '@/lib/http/company/failure-answers';
import { localeOf } from '@/lib/http/request-locale';
import { seeOther } from '@/lib/http/see-other';
import { getEnv } from '@/lib/env';
import { consentJson, wantsJson } from '@/lib/consent/script-answer';
import { otherMethods } from '@/lib/http/other-methods';

export const dynamic = 'force-dynamic';
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

type Params = { tenantId: string; consentId: string };

/**
 * POST of the progress page's "open the consent page" button (a form with target _blank): answers 303 to the
 * service's consent page for this attempt, in either response mode (the first tab may have been blocked or closed).
 * The consent page's address carries the state, a bearer secret in poll mode, so it is made here and only here —
 * never written into our HTML — and the answer is neither cached nor repeated as a Referer. Our own pages only; the
 * session's company only; the user's own attempt while it is pending. An attempt that has ended sends the browser to
 * its progress page, which says how it ended.
 *
 * Inside the service's frame the session cookie is partitioned under the service's site, so the page's button asks
 * from inside the frame with `Accept: application/json` and gets `{ url }` (or `{ ended: true }`) to open a new tab
 * itself (components/consent-open-button.tsx); without script the form posts into a new tab and gets the 303.
 */
export async function POST(request: Request, { params }: { params: Promise<Params> }): Promise<Response> {
  const { tenantId, consentId } = await params;
  const env = getEnv();
  const access = await authorizeCompanyForm(request, tenantId);
  if (!access.ok) return access.response;
  if (!env.consent || !isConsentId(consentId)) return failurePage('notFound', localeOf(request));

  try {
    const { session } = access;
    const attempt = await findPendingAttempt(
      await getDb(),
      consentId,
      { userId: session.userId, pluginId: session.pluginId, tenantId },
      env.encryptionKeys,
    );
    if (attempt.kind === 'unknown') return failurePage('notFound', localeOf(request));
    if (attempt.kind === 'ended') {
      return wantsJson(request)
        ? consentJson({ ended: true })
        : seeOther(companyPath(tenantId, 'connection', 'consent', consentId));
    }
    const url = consentPageUrl(
      {
        state: attempt.state,
        responseMode: attempt.responseMode,
        companyMode: attempt.companyMode,
        webhookId: attempt.webhookId,
      },
      { ...env.consent, appUrl: env.appUrl, keys: env.encryptionKeys },
    );
    return wantsJson(request) ? consentJson({ url }) : seeOther(url);
  } catch (error) {
    return failureResponse(request, error);
  }
}
