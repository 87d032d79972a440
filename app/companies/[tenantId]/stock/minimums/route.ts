import { readBodyText } from '@/lib/base/http/body';
import { companyRoute } from '@/lib/doors/company/route';
import { applyMinimumForm, readMinimumForm } from '@/lib/features/stock/minimum-form';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';

export const dynamic = 'force-dynamic';
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

const FORM_LIMIT_BYTES = 4 * 1024;

/**
 * POST of the stock page's minimum form: sets (or with an empty minimum removes) an item's minimum quantity in a
 * warehouse or in all, for the company, as set by the session's user (lib/features/stock/minimum-form.ts); then 303
 * back to the stock page in the view it was sent from, with the outcome the page says beside the item's field. Our
 * own pages only (another site's form is refused before anything), the session's company only (403 before any work).
 */
export const POST = companyRoute<{ tenantId: string }>(
  { endpoint: 'company.stock-minimum', form: true },
  async ({ request, scope, read }) => {
    const form = readMinimumForm(new URLSearchParams(await readBodyText(request, FORM_LIMIT_BYTES).catch(() => '')));
    return seeOther(await read((db) => applyMinimumForm(db, scope, form)));
  },
);
