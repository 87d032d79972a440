import { HttpError } from '@/lib/base/errors';
import { wantsJson } from '@/lib/base/http/wants-json';
import { companyRoute } from '@/lib/doors/company/route';
import { consentJson } from '@/lib/doors/http/script-answer';
import { findPendingAttempt } from '@/lib/owners/consent/attempt';
import { isConsentId } from '@/lib/owners/consent/secrets';
import { consentPageUrl } from '@/lib/owners/consent/start';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';
import { companyPath } from '@/lib/service/records/present';

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
export const POST = companyRoute<Params>(
  { endpoint: 'company.consent-open', form: true },
  async ({ request, params, scope, read }) => {
    const { tenantId, consentId } = params;
    const env = getEnv();
    if (!env.consent || !isConsentId(consentId)) throw new HttpError('not_found', 'consent_unknown');
    const attempt = await read((db) => findPendingAttempt(db, consentId, scope, env.encryptionKeys));
    if (attempt.kind === 'unknown') throw new HttpError('not_found', 'consent_unknown');
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
  },
);
