import { consentJson, wantsJson } from '@/lib/consent/script-answer';
import { startConsent } from '@/lib/consent/start';
import { getDb } from '@/lib/db/client';
import { companyPath } from '@/lib/documents/present';
import { authorizeCompanyForm } from '@/lib/http/company/authorize';
import { failurePage, failureResponse } from '@/lib/http/company/failure-answers';
import { localeOf } from '@/lib/http/request-locale';
import { getEnv } from '@/lib/env';
import { withRouteHeaders } from '@/lib/http/handle';
import { otherMethods } from '@/lib/http/other-methods';

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
export async function POST(request: Request, { params }: { params: Promise<{ tenantId: string }> }): Promise<Response> {
  const { tenantId } = await params;
  const env = getEnv();
  const access = await authorizeCompanyForm(request, tenantId);
  if (!access.ok) return access.response;
  if (!env.consent) return failurePage('notFound', localeOf(request));

  try {
    const started = await startConsent(await getDb(), access.session, tenantId, {
      ...env.consent,
      appUrl: env.appUrl,
      keys: env.encryptionKeys,
    });
    if (!started) return failurePage('busy', localeOf(request), 60);
    const progress = companyPath(tenantId, 'connection', 'consent', started.id);
    if (wantsJson(request)) return consentJson({ url: started.url, progress });
    const location = started.responseMode === 'post' ? started.url : progress;
    // The consent page's address carries the state: no cache keeps it and no Referer repeats it.
    return withRouteHeaders(
      new Response(null, {
        status: 303,
        headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
      }),
    );
  } catch (error) {
    return failureResponse(request, error);
  }
}
