import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { readBodyText } from '@/lib/base/http/body';
import { companyRoute } from '@/lib/doors/company/route';
import { exportRoutes } from '@/lib/features/lists/export-route';
import { stockExportFile } from '@/lib/features/stock/export';
import { applyMinimumForm, readMinimumForm } from '@/lib/features/stock/minimum-form';
import { mirroredWarehouses } from '@/lib/features/stock/queries/stock';
import { invalidOf, stockQueryOf } from '@/lib/features/stock/stock-page';
import { parseStockView } from '@/lib/features/stock/view';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';

/**
 * The stock page's exports (`…/stock/export.csv`, `…/stock/export.xlsx`), from the company's copy of its catalog items
 * as every list's export (lib/features/lists/export-route.ts), named after the company and the day: the page's own
 * view (an invalid one, an unknown warehouse among them, is 400 and nothing is read), every item of it.
 */
export const stockExports = exportRoutes({
  place: () => ({ section: 'stock', back: (t) => t.stock.export.back, embedded: false }),
  kinds: ['catalogItems'],
  view: (query) => {
    const view = parseStockView(query);
    return view.invalid.length > 0 ? null : view;
  },
  file: async (db, { view, format, mirror, scope, company }) => {
    const warehouses = (await mirroredWarehouses(db, mirror)) ?? [];
    if (invalidOf(view, warehouses).length > 0) throw new HttpError('bad_request', 'export_view_invalid');
    const query = await stockQueryOf(db, scope, view);
    return (context) => stockExportFile(db, mirror, { format, query, warehouses, company, ...context });
  },
});

const MINIMUM_FORM_LIMIT_BYTES = 4 * 1024;

/**
 * POST of the stock page's minimum form: sets (or with an empty minimum removes) an item's minimum quantity in a
 * warehouse or in all, for the company, as set by the session's user (lib/features/stock/minimum-form.ts); then 303
 * back to the stock page in the view it was sent from, with the outcome the page says beside the item's field. Our
 * own pages only (another site's form is refused before anything), the session's company only (403 before any work).
 */
export const minimumsAddress = {
  ...otherMethods('POST'),
  POST: companyRoute<{ tenantId: string }>(
    { endpoint: 'company.stock-minimum', form: true },
    async ({ request, scope, read }) => {
      const body = await readBodyText(request, MINIMUM_FORM_LIMIT_BYTES).catch(() => '');
      const form = readMinimumForm(new URLSearchParams(body));
      return seeOther(await read((db) => applyMinimumForm(db, scope, form)));
    },
  ),
};
