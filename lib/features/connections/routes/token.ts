import 'server-only';

import { readBodyText } from '@/lib/base/http/body';
import { clientAddress } from '@/lib/base/http/client-address';
import { companyRoute } from '@/lib/doors/company/route';
import { connectPasted } from '@/lib/features/connections/connect';
import { countFailure, refuseWhileBlocked } from '@/lib/owners/rate-limits/failure-limit';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { companyPath } from '@/lib/service/records/present';

const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * POST of the company page's "paste a token" form. Our own pages only; the session's company only. The outcome goes
 * back to the company page as `?connection=…` (never the token). A refused token counts against the address's
 * failure budget, so the form cannot be used to try tokens at speed; while that budget is spent, the form is refused
 * (429) before the token is read or the service asked, so a right token is not accepted either.
 */
const pasteToken = companyRoute<{ tenantId: string }>(
  { endpoint: 'company.token', form: true },
  async ({ request, params, scope, read }) => {
    const source = clientAddress(request);
    await refuseWhileBlocked(source);
    const form = new URLSearchParams(await readBodyText(request, FORM_LIMIT_BYTES).catch(() => ''));
    const pasted = { token: form.get('token') ?? '', webhookSecret: form.get('webhookSecret') ?? '' };
    const outcome = await read((db) => connectPasted(db, scope, pasted, getEnv().encryptionKeys));
    if (outcome === 'rejected') await countFailure(source);
    return new Response(null, {
      status: 303,
      headers: { Location: `${companyPath(params.tenantId)}?connection=${outcome}`, 'Cache-Control': 'no-store' },
    });
  },
);

/** The pasted token's address, taken whole by its route file. */
export const tokenAddress = { ...otherMethods('POST'), POST: pasteToken };
