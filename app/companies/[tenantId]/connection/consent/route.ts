import { HttpError } from '@/lib/base/errors';
import { wantsJson } from '@/lib/base/http/wants-json';
import { companyRoute } from '@/lib/doors/company/route';
import { consentJson } from '@/lib/doors/http/script-answer';
import { startConsent } from '@/lib/owners/consent/start';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { companyPath } from '@/lib/service/records/present';

export const dynamic = 'force-dynamic';
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

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
export const POST = companyRoute<{ tenantId: string }>(
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
