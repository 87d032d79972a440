import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { wantsJson } from '@/lib/base/http/wants-json';
import { companyRoute } from '@/lib/doors/company/route';
import { consentJson } from '@/lib/doors/http/script-answer';
import { findPendingAttempt } from '@/lib/owners/consent/attempt';
import { isConsentId } from '@/lib/owners/consent/secrets';
import { startConsent } from '@/lib/owners/consent/start';
import { consentPageUrl } from '@/lib/owners/consent/start';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';
import { companyPath } from '@/lib/service/records/present';

/**
 * POST of the company page's "Connect" button: starts an Integration Consent. Our own pages only; the session's
 * company only.
 *
 * The add-on lives in the service's frame, where a consent page refuses to be shown and our session cookie is
 * partitioned under the service's site. So the button's script opens a new top-level tab at the click, asks here with
 * `Accept: application/json` (from inside the frame, with the cookie), and gets `{ url, progress }`: it sends the tab
 * to the consent page (`url`) and the frame to the attempt's progress page (`progress`), which follows the attempt in
 * our own database until it ends (components/consent-start-button.tsx). Without script the form is a plain POST and
 * the answer a 303: in post mode to the consent page (its answer comes back to /consent/return), in poll mode to the
 * progress page, from which the user opens the consent page.
 */
const startConsentRoute = companyRoute<{ tenantId: string }>(
  { endpoint: 'company.consent', form: true },
  async ({ request, params, session, read }) => {
    const env = getEnv();
    if (!env.consent) throw new HttpError('not_found', 'consent_not_configured');
    const consent = { ...env.consent, appUrl: env.appUrl, keys: env.encryptionKeys };
    const started = await read((db) => startConsent(db, session, params.tenantId, consent));
    if (!started) throw new HttpError('rate_limited', 'too_many_pending_consents', 60);
    const progress = companyPath(params.tenantId, 'connection', 'consent', started.id);
    if (wantsJson(request)) return consentJson({ url: started.url, progress });
    // The consent page's address carries the state: no cache keeps it and no Referer repeats it.
    return new Response(null, {
      status: 303,
      headers: {
        Location: started.responseMode === 'post' ? started.url : progress,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      },
    });
  },
);

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
const openConsentPage = companyRoute<Params>(
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

/** The consent's addresses in the company's pages, each taken whole by its route file. */
export const consentAddresses = {
  start: { ...otherMethods('POST'), POST: startConsentRoute },
  open: { ...otherMethods('POST'), POST: openConsentPage },
};
