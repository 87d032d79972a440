import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { readBodyText } from '@/lib/base/http/body';
import { searchParamsOf } from '@/lib/base/http/search-params';
import { fileAddress } from '@/lib/doors/company/file-answer';
import { companyRoute } from '@/lib/doors/company/route';
import type { ExportFormat } from '@/lib/features/documents/export/export';
import { streamExport } from '@/lib/features/documents/export/stream';
import { stockExportFile } from '@/lib/features/stock/export';
import { applyMinimumForm, readMinimumForm } from '@/lib/features/stock/minimum-form';
import { mirroredWarehouses } from '@/lib/features/stock/queries/stock';
import { invalidOf, stockQueryOf, stockStateOf } from '@/lib/features/stock/stock-page';
import { parseStockView } from '@/lib/features/stock/view';
import { listConnections } from '@/lib/owners/connections/states';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { mirrorStatus } from '@/lib/owners/mirror/status';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';

/**
 * GET of the stock page's export (`…/stock/export.csv`, `…/stock/export.xlsx`), as the document lists' exports
 * (./export-routes.ts): through the company's door (session, then company), the page's own view from the same query
 * parameters (an invalid one, an unknown warehouse among them, is 400 and nothing is read), then only from the
 * company's copy (a failure is the company's page, with the way back to the stock): with MIRROR_SYNC off or before the catalog items were read whole it is not ready (409), a copy the
 * service's refusal stopped or a user whose own token it refused is served no more (403 `connection_inactive`), a
 * list the service refuses is never copied (404). Every item of the view, streamed as a download named after the
 * company and the day; at most two downloads of a session at once, counted with the lists' (429 with Retry-After).
 */
export function stockExport(format: ExportFormat) {
  return companyRoute<{ tenantId: string }>(
    {
      endpoint: 'company.export',
      file: () => ({ section: 'stock', back: (t) => t.stock.export.back, embedded: false }),
    },
    async ({ request, session, scope, read }) => {
      const url = new URL(request.url);
      const view = parseStockView(searchParamsOf(url.searchParams));
      if (view.invalid.length > 0) throw new HttpError('bad_request', 'export_view_invalid');
      if (!getEnv().mirrorSync) throw new HttpError('not_ready', 'mirror_off');
      const mirror = mirrorCompanyOf(scope);
      return read(async (db) => {
        const [status, [connection], warehouses] = await Promise.all([
          mirrorStatus(db, mirror),
          listConnections(db, { ...scope, tenantIds: [scope.tenantId] }),
          mirroredWarehouses(db, mirror),
        ]);
        const state = stockStateOf(status, connection ?? { state: 'missing' });
        if (state.kind === 'disconnected') throw new HttpError('connection_inactive', 'mirror_stopped');
        if (state.kind === 'refused') throw new HttpError('not_found', 'kind_refused');
        if (state.kind !== 'ready') throw new HttpError('not_ready', 'mirror_not_ready');
        if (invalidOf(view, warehouses ?? []).length > 0) throw new HttpError('bad_request', 'export_view_invalid');
        const query = await stockQueryOf(db, scope, view);
        return streamExport(request, session.id, (context) =>
          stockExportFile(db, mirror, {
            format,
            query,
            warehouses: warehouses ?? [],
            company: { name: connection?.name ?? null, tenantId: scope.tenantId },
            ...context,
          }),
        );
      });
    },
  );
}

/** The stock's exports, each taken whole by its route file. */
export const stockExports = { csv: fileAddress(stockExport('csv')), xlsx: fileAddress(stockExport('xlsx')) };

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
