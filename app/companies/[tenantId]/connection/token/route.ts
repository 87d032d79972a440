import { connectPastedToken, type PasteOutcome } from '@/lib/connections/pasted-token';
import { getDb } from '@/lib/db/client';
import { companyPath } from '@/lib/documents/present';
import { authorizeCompanyForm } from '@/lib/http/company/authorize';
import { failurePage, failureResponse } from '@/lib/http/company/failure-answers';
import { localeOf } from '@/lib/http/request-locale';
import { getEnv } from '@/lib/env';
import { readBodyText } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { HttpError } from '@/lib/http/errors';
import { countFailure, refuseWhileBlocked } from '@/lib/http/failure-limit';
import { withRouteHeaders } from '@/lib/http/handle';
import { otherMethods } from '@/lib/http/other-methods';

export const dynamic = 'force-dynamic';
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * POST of the company page's "paste a token" form. Our own pages only; the session's company only. The outcome goes
 * back to the company page as `?connection=…` (never the token). A refused token counts against the address's
 * failure budget, so the form cannot be used to try tokens at speed; while that budget is spent, the form is refused
 * (429) before the token is read or the service asked, so a right token is not accepted either.
 */
export async function POST(request: Request, { params }: { params: Promise<{ tenantId: string }> }): Promise<Response> {
  const { tenantId } = await params;
  const env = getEnv();
  const access = await authorizeCompanyForm(request, tenantId);
  if (!access.ok) return access.response;

  let outcome: PasteOutcome;
  const source = clientAddress(request);
  try {
    await refuseWhileBlocked(source);
    const form = new URLSearchParams(await readBodyText(request, FORM_LIMIT_BYTES).catch(() => ''));
    const identity = { userId: access.session.userId, tenantId, pluginId: access.session.pluginId };
    outcome = await connectPastedToken(
      await getDb(),
      identity,
      { token: form.get('token') ?? '', webhookSecret: form.get('webhookSecret') ?? '' },
      env.encryptionKeys,
    );
    if (outcome === 'rejected') await countFailure(source);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'rate_limited') {
      return failurePage('busy', localeOf(request), Number(error.headers['Retry-After'] ?? 60));
    }
    return failureResponse(request, error);
  }
  return withRouteHeaders(
    new Response(null, {
      status: 303,
      headers: { Location: `${companyPath(tenantId)}?connection=${outcome}`, 'Cache-Control': 'no-store' },
    }),
  );
}
