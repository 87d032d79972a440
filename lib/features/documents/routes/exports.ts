import 'server-only';

import { exportFile } from '@/lib/features/documents/export/export';
import { mirrorViewOf } from '@/lib/features/documents/mirror-view';
import { exportRoutes } from '@/lib/features/lists/export-route';
import { type ListKind, parseListView } from '@/lib/service/records/list-view';

/**
 * The document lists' exports (`…/invoices/export.csv`, `…/export.xlsx`, the same under expenses and delivery
 * notes), each of its kind's copy (lib/features/lists/export-route.ts): the list's view without its page, every row
 * of it and the view's totals (lib/features/documents/export/).
 */
function documentsExport<K extends ListKind>(kind: K) {
  return exportRoutes({
    place: () => ({ kind, documentId: null, embedded: false }),
    kinds: [kind],
    view: (query) => {
      const view = parseListView(kind, query);
      if (!view.ok) return null;
      const { top: _top, skip: _skip, ...listView } = mirrorViewOf(view);
      return listView;
    },
    file:
      (db, { view, format, mirror, company }) =>
      (context) =>
        exportFile(db, mirror, { kind, format, view, company, ...context }),
  });
}

/** The addresses of the lists' exports, each taken whole by its route file (app/companies/[tenantId]/<list>/export.*). */
export const listExports = {
  invoices: documentsExport('invoices'),
  expenses: documentsExport('expenses'),
  deliveryNotes: documentsExport('deliveryNotes'),
};
