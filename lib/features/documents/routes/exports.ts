import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { searchParamsOf } from '@/lib/base/http/search-params';
import { fileAddress } from '@/lib/doors/company/file-answer';
import { companyRoute } from '@/lib/doors/company/route';
import { exportFile, type ExportFormat } from '@/lib/features/documents/export/export';
import { streamExport } from '@/lib/features/documents/export/stream';
import { mirrorViewOf } from '@/lib/features/documents/mirror-view';
import { mirrorReadiness } from '@/lib/features/documents/queries/across';
import { listConnections } from '@/lib/owners/connections/states';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { getEnv } from '@/lib/platform/env';
import { type ListKind, parseListView } from '@/lib/service/records/list-view';

/**
 * GET of a list's export (`…/invoices/export.csv`, `…/export.xlsx`, the same under expenses and delivery notes):
 * through the company's door (session, then company, then a failure answered with the company's page, or JSON for
 * a script), the list's own view from the same query parameters as the list (an invalid one is 400 and nothing is
 * read), then only from the company's mirror: while MIRROR_SYNC is off or before its first full sync it is not ready
 * (409 `not_ready`), and a mirror stopped because the service refused the company's token is never served (403
 * `connection_inactive`, as the pages say). Every row of the view, not a page, streamed as a download. At most two
 * downloads of a session at once (lib/features/documents/export/running.ts): a third is 429 `rate_limited` with Retry-After.
 */

export function listExport(kind: ListKind, format: ExportFormat) {
  return companyRoute<{ tenantId: string }>(
    { endpoint: 'company.export', file: () => ({ kind, documentId: null, embedded: false }) },
    async ({ request, session, scope, read }) => {
      const url = new URL(request.url);
      const view = parseListView(kind, searchParamsOf(url.searchParams));
      if (!view.ok) throw new HttpError('bad_request', 'export_view_invalid');
      if (!getEnv().mirrorSync) throw new HttpError('not_ready', 'mirror_off');
      const mirror = mirrorCompanyOf(scope);
      return read(async (db) => {
        const [[readiness], [connection]] = await Promise.all([
          mirrorReadiness(db, [mirror], [kind]),
          listConnections(db, { ...scope, tenantIds: [scope.tenantId] }),
        ]);
        // As the lists: a copy the service's refusal stopped, or a user whose own token it refused, is served no more.
        if (readiness === 'stopped' || connection?.state !== 'connected') {
          throw new HttpError('connection_inactive', 'mirror_stopped');
        }
        // A kind the service refuses is never copied: no export of it will ever be ready.
        if (readiness === 'refused') throw new HttpError('not_found', 'kind_refused');
        if (readiness !== 'ready') throw new HttpError('not_ready', 'mirror_not_ready');
        const { top: _top, skip: _skip, ...listView } = mirrorViewOf(view);
        return streamExport(request, session.id, (context) =>
          exportFile(db, mirror, {
            kind,
            format,
            view: listView,
            company: { name: connection?.name ?? null, tenantId: scope.tenantId },
            ...context,
          }),
        );
      });
    },
  );
}

/** The addresses of the lists' exports, each taken whole by its route file (app/companies/[tenantId]/<list>/export.*). */
export const listExports = {
  invoices: { csv: fileAddress(listExport('invoices', 'csv')), xlsx: fileAddress(listExport('invoices', 'xlsx')) },
  expenses: { csv: fileAddress(listExport('expenses', 'csv')), xlsx: fileAddress(listExport('expenses', 'xlsx')) },
  deliveryNotes: {
    csv: fileAddress(listExport('deliveryNotes', 'csv')),
    xlsx: fileAddress(listExport('deliveryNotes', 'xlsx')),
  },
};
