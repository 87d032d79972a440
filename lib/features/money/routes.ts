import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { searchParamsOf } from '@/lib/base/http/search-params';
import { fileAddress } from '@/lib/doors/company/file-answer';
import { companyRoute } from '@/lib/doors/company/route';
import type { ExportFormat } from '@/lib/features/documents/export/export';
import { streamExport } from '@/lib/features/documents/export/stream';
import { paymentsExportFile } from '@/lib/features/money/export';
import { mirrorPaymentView, parsePaymentView } from '@/lib/features/money/payment-view';
import { listConnections } from '@/lib/owners/connections/states';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { mirrorStatus, readinessOf } from '@/lib/owners/mirror/status';
import { getEnv } from '@/lib/platform/env';

/**
 * GET of the payments' export (`…/payments/export.csv`, `…/export.xlsx`), as the document lists' exports
 * (./export-routes.ts): through the company's door (401, then 403 for a company outside the session, before anything
 * is read), the list's own view from the same query parameters (an invalid one is 400 and nothing is read), then only
 * from the company's copy: off or not read whole yet is 409 `not_ready`; a copy the service's refusal of the token
 * stopped, or a user whose own connection is not working, 403 `connection_inactive`; a payments' list the service
 * refuses (403, 404) is never copied, so 404. Every payment of the view, streamed; at most two downloads of a session
 * at once (429 with Retry-After).
 */
export function paymentsExport(format: ExportFormat) {
  return companyRoute<{ tenantId: string }>(
    {
      endpoint: 'company.export',
      file: () => ({
        section: 'payments',
        back: (t) => t.money.accounts.backToPayments,
        embedded: false,
      }),
    },
    async ({ request, session, scope, read }) => {
      const url = new URL(request.url);
      const view = parsePaymentView(searchParamsOf(url.searchParams));
      if (!view.ok) throw new HttpError('bad_request', 'export_view_invalid');
      if (!getEnv().mirrorSync) throw new HttpError('not_ready', 'mirror_off');
      const mirror = mirrorCompanyOf(scope);
      return read(async (db) => {
        const [status, [connection]] = await Promise.all([
          mirrorStatus(db, mirror),
          listConnections(db, { ...scope, tenantIds: [scope.tenantId] }),
        ]);
        const readiness = readinessOf(status, ['payments']);
        if (readiness === 'stopped' || connection?.state !== 'connected') {
          throw new HttpError('connection_inactive', 'mirror_stopped');
        }
        if (readiness === 'refused') throw new HttpError('not_found', 'kind_refused');
        if (readiness !== 'ready') throw new HttpError('not_ready', 'mirror_not_ready');
        const { top: _top, skip: _skip, ...listView } = mirrorPaymentView(view);
        return streamExport(request, session.id, (context) =>
          paymentsExportFile(db, mirror, {
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

/** The payments' exports, each taken whole by its route file. */
export const paymentsExports = { csv: fileAddress(paymentsExport('csv')), xlsx: fileAddress(paymentsExport('xlsx')) };
