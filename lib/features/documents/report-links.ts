import type { DocumentTexts } from '@/lib/base/i18n/documents';
import type { ReportedKind } from '@/lib/service/document-paths';
import { type ReportId, reportIds } from '@/lib/service/ids';
import { kindPath } from '@/lib/service/records/present';

export type ReportLink = { reportId: ReportId; download: string; preview: string };

/**
 * The addresses of a document's reports: the download (named after the document number when there is one) and the
 * preview. Building them costs no data-API call: the preview link is asked for only when the user opens it.
 */
export function reportLinks(
  kind: ReportedKind,
  tenantId: string,
  id: number | string,
  documentNumber: string | null | undefined,
): ReportLink[] {
  return reportIds.map((reportId) => {
    const base = kindPath(tenantId, kind, id, 'reports', reportId);
    const number = documentNumber?.trim();
    return {
      reportId,
      download: number ? `${base}?${new URLSearchParams({ number })}` : base,
      preview: `${base}/preview`,
    };
  });
}

/**
 * What the preview link says beside itself when the preview cannot be opened, by the error code the preview address
 * answers its script with (the one error shape); `{seconds}` is filled from Retry-After. `unavailable` stands in for
 * any answer that names no known code (the network failed, or the answer was not ours).
 */
export function previewFailureMessages(texts: DocumentTexts): Record<string, string> {
  const say = (text: { title: string; body: string }) =>
    `${texts.fileFailure.previewFailed} ${text.title}. ${text.body}`;
  return {
    ...Object.fromEntries(Object.entries(texts.failures).map(([code, text]) => [code, say(text)])),
    internal: say(texts.errorPage),
  };
}
