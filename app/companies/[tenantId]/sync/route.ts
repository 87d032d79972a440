import { companyRoute } from '@/lib/company/route';
import { companyPath } from '@/lib/documents/present';
import { readBodyText } from '@/lib/http/body';
import { otherMethods } from '@/lib/http/other-methods';
import { ownPageAddress } from '@/lib/http/own-page-address';
import { seeOther } from '@/lib/http/see-other';
import { requestMirrorSync } from '@/lib/mirror/jobs';

export const dynamic = 'force-dynamic';
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

const FORM_LIMIT_BYTES = 4 * 1024;

/**
 * POST of a list's refresh button: an incremental sync of the company's mirror now (a job in the queue; one already
 * waiting is enough), then 303 back to the page the form names in `back` when it is one of this company's pages, else
 * the company's overview. Our own pages only; the session's company only. Where to go is settled before anything is
 * queued, so no `back` can fail the answer after the job went in.
 */
export const POST = companyRoute<{ tenantId: string }>({ form: true }, async ({ request, params, scope }) => {
  const form = new URLSearchParams(await readBodyText(request, FORM_LIMIT_BYTES).catch(() => ''));
  const home = companyPath(params.tenantId);
  const location = ownPageAddress(form.get('back') ?? '', home) ?? home;
  await requestMirrorSync(scope, 'incremental');
  return seeOther(location);
});
