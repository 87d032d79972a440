import { startConsent } from '@/lib/consent/start';
import { getDb } from '@/lib/db/client';
import { companyPath } from '@/lib/documents/present';
import { authorizeCompanyForm, failurePage, failureResponse, localeOf } from '@/lib/documents/route-answers';
import { getEnv } from '@/lib/env';
import { withRouteHeaders } from '@/lib/http/handle';

export const dynamic = 'force-dynamic';

/**
 * POST of the company page's "Connect" button: starts an Integration Consent and sends the browser on. In post mode
 * that is the service's consent page (its answer comes back to /consent/return); in poll mode our progress page,
 * from which the user opens the consent page while our server polls. Our own pages only; the session's company only.
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
    const location = started.responseMode === 'post' ? started.url : companyPath(tenantId, 'connection', 'consent', started.id);
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
