import { reportIds, type ReportId } from '@/lib/service/ids';
import type { DocumentKind } from './file-routes';
import { companyPath } from './present';

export type ReportLink = { reportId: ReportId; download: string; preview: string };

const segmentOf: Record<DocumentKind, string> = { invoices: 'invoices', deliveryNotes: 'delivery-notes' };

/**
 * The addresses of a document's reports: the download (named after the document number when there is one) and the
 * preview. Building them costs no data-API call: the preview link is asked for only when the user opens it.
 */
export function reportLinks(kind: DocumentKind, tenantId: string, id: number | string, documentNumber: string | null | undefined): ReportLink[] {
  return reportIds.map((reportId) => {
    const base = companyPath(tenantId, segmentOf[kind], id, 'reports', reportId);
    const number = documentNumber?.trim();
    return {
      reportId,
      download: number ? `${base}?${new URLSearchParams({ number })}` : base,
      preview: `${base}/preview`,
    };
  });
}
