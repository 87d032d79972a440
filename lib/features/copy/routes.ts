import 'server-only';

import { readBodyText } from '@/lib/base/http/body';
import { ownPageAddress } from '@/lib/base/http/own-page-address';
import { companyRoute } from '@/lib/doors/company/route';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { requestMirrorSync } from '@/lib/owners/mirror/jobs';
import { mirrorStatus } from '@/lib/owners/mirror/status';
import { syncStateKey } from '@/lib/owners/mirror/sync-asked';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';
import { companyPath } from '@/lib/service/records/present';

const FORM_LIMIT_BYTES = 4 * 1024;

/**
 * GET: whether the company's copy is being updated now, and its state as one string (syncStateKey), for the pages'
 * script (components/mirror-update.tsx), which asks every few seconds while a page watches the copy and has the page
 * drawn again when the state changed and no update is under way. One row and one look at the queue; no figures,
 * nothing secret; the session's company only.
 */
const syncState = companyRoute<{ tenantId: string }>({ endpoint: 'company.sync', json: true }, async ({ read }) => {
  const status = getEnv().mirrorSync ? await read((db, scope) => mirrorStatus(db, mirrorCompanyOf(scope))) : null;
  return Response.json(
    {
      status: status?.status ?? 'off',
      updating: status?.syncAsked ?? false,
      state: status ? syncStateKey(status) : 'off',
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
});

/**
 * POST of a list's or the overview's refresh button: an incremental sync of the company's mirror now (a job in the
 * queue; one already waiting is enough), then 303 back to the page the form names in `back` when it is one of this
 * company's pages, else the company's overview, which then says "updating…" (the job waits in the queue). Our own
 * pages only; the session's company only. Where to go is settled before anything is queued, so no `back` can fail
 * the answer after the job went in.
 */
const syncNow = companyRoute<{ tenantId: string }>(
  { endpoint: 'company.sync', form: true },
  async ({ request, params, scope }) => {
    const form = new URLSearchParams(await readBodyText(request, FORM_LIMIT_BYTES).catch(() => ''));
    const home = companyPath(params.tenantId);
    const location = ownPageAddress(form.get('back') ?? '', home) ?? home;
    await requestMirrorSync(scope, 'incremental');
    return seeOther(location);
  },
);

/** The company's refresh address, taken whole by its route file (app/companies/[tenantId]/sync/route.ts). */
export const refreshAddress = { ...otherMethods('GET, POST'), GET: syncState, POST: syncNow };
