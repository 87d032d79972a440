import 'server-only';
import { getEnv } from '@/lib/env';
import { reportIds, type ReportId } from '@/lib/service/queries';
import { previewTarget, type DocumentKind } from './file-routes';
import { sealOpenGrant } from './open-grant';
import { companyPath } from './present';

export type ReportLink = { reportId: ReportId; download: string; preview: string };

const segmentOf: Record<DocumentKind, string> = { invoices: 'invoices', deliveryNotes: 'delivery-notes' };

/**
 * The addresses of a document's reports: the download (named after the document number when there is one) and the
 * preview, which opens in a new tab and so carries an open grant (a new tab has no cookie inside the service's window).
 * Building them costs no data-API call: the preview is asked for only when the user opens it.
 */
export async function reportLinks(
  kind: DocumentKind,
  sessionId: string,
  tenantId: string,
  id: number,
  documentNumber: string | null | undefined,
): Promise<ReportLink[]> {
  const secrets = getEnv().sessionSecrets;
  return Promise.all(
    reportIds.map(async (reportId) => {
      const base = companyPath(tenantId, segmentOf[kind], id, 'reports', reportId);
      const grant = await sealOpenGrant(sessionId, previewTarget(kind, tenantId, id, reportId), secrets);
      const number = documentNumber?.trim();
      return {
        reportId,
        download: number ? `${base}?${new URLSearchParams({ number })}` : base,
        preview: `${base}/preview?${new URLSearchParams({ grant })}`,
      };
    }),
  );
}
