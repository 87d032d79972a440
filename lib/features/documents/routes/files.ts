import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { safeFileName } from '@/lib/base/http/safe-file-name';
import { wantsJson } from '@/lib/base/http/wants-json';
import { documentTexts } from '@/lib/base/i18n/documents';
import { pickLocale } from '@/lib/base/i18n/messages';
import { fileAddress, fileResponse } from '@/lib/doors/company/file-answer';
import { companyRoute } from '@/lib/doors/company/route';
import { extensionOf, inlineKindOf, reportFileName, safeContentType } from '@/lib/features/documents/downloads';
import { getEnv } from '@/lib/platform/env';
import { seeOther } from '@/lib/platform/http/see-other';
import type { DataApiClient } from '@/lib/service/client';
import { type ReportedKind, serviceCollectionOf } from '@/lib/service/document-paths';
import { int64IdOf, type ReportId, reportIdOf, uuidOf } from '@/lib/service/ids';
import { previewAddressOrThrow } from '@/lib/service/preview-address';

/**
 * GET handlers of the company's file addresses, shared by invoices and delivery notes. Each goes through the company's
 * door (lib/doors/company/route.ts: session and company before anything else, so a foreign company costs no data-API call;
 * a failure answered with the company's failure page, with a retry and the way back to the document, so a failed
 * download never strands the user on a bare page), then reads the path's ids by the interface's rules (404 when they
 * cannot name anything), makes one data-API call and streams the file through.
 */

type ReportParams = { tenantId: string; id: string; reportId: string };
type AttachmentParams = { tenantId: string; id: string; attachmentId: string };

const malformed = () => new HttpError('not_found', 'id_malformed');

type ReportRequest = { request: Request; documentId: string; reportId: ReportId; client: DataApiClient };

/** The part every report address shares: the company's door, then the ids, then the company's client. */
function reportRoute(
  endpoint: 'company.report' | 'company.preview',
  kind: ReportedKind,
  answer: (report: ReportRequest) => Promise<Response>,
) {
  return companyRoute<ReportParams>(
    { endpoint, file: ({ id }) => ({ kind, documentId: int64IdOf(id), embedded: false }) },
    async ({ request, params, client }) => {
      const documentId = int64IdOf(params.id);
      const reportId = reportIdOf(params.reportId);
      if (documentId === null || reportId === null) throw malformed();
      return answer({ request, documentId, reportId, client: await client() });
    },
  );
}

/**
 * The document's PDF report (17, 19 or 101), as a download named in the reader's language after the document, its
 * number when the link gave it, and the report's variant (reportFileName).
 */
export function reportDownload(kind: ReportedKind) {
  return reportRoute('company.report', kind, async ({ request, documentId, reportId, client }) => {
    const download = await client[kind].report(documentId, reportId);
    const number = new URL(request.url).searchParams.get('number');
    const reports = documentTexts[pickLocale(request.headers.get('accept-language'))].reports;
    const name = reportFileName({ document: reports.fileNames[kind], variant: reports[reportId] }, number, documentId);
    return fileResponse(download, {
      contentType: 'application/pdf',
      fileName: name.ascii,
      unicodeName: name.unicode,
      disposition: 'attachment',
    });
  });
}

/**
 * The service's preview of a report: one previewLink call, then the address it names, if it is one of the service's
 * preview addresses (PREVIEW_HOSTS; anything else is the service's malformed answer), as URL.href spells it. The
 * page's preview link asks for JSON (`{ url }`) from inside the frame, where the session cookie is, and opens the
 * address in a new tab itself (a failure is JSON too, which the link shows beside itself); a plain navigation (no
 * script) gets 303 to it instead. The address is never logged: it may carry the service's access key to the file.
 */
export function reportPreview(kind: ReportedKind) {
  return reportRoute('company.preview', kind, async ({ request, documentId, reportId, client }) => {
    const raw = await client[kind].previewLink(documentId, reportId);
    const url = previewAddressOrThrow(
      raw,
      getEnv().previewAddresses,
      `GET /api/${serviceCollectionOf(kind)}/{id}/reports/{reportId}/previewLink`,
    );
    if (!wantsJson(request)) return seeOther(url);
    return Response.json({ url }, { headers: { 'Cache-Control': 'private, no-store' } });
  });
}

/** `?disposition=inline`: shown in a frame of the expense's own page, which is already the way back. */
const shownInline = (request: Request) => new URL(request.url).searchParams.get('disposition') === 'inline';

/**
 * One attachment of an expense. `?disposition=inline` shows images and PDFs in the browser (anything else is still
 * a download); `?name=` is the file name the page knows, cut down to safe characters.
 */
export const attachmentContent = companyRoute<AttachmentParams>(
  {
    endpoint: 'company.attachment',
    file: ({ id }, request) => ({ kind: 'expenses', documentId: uuidOf(id), embedded: shownInline(request) }),
  },
  async ({ request, params: { id, attachmentId }, client }) => {
    if (uuidOf(id) === null || uuidOf(attachmentId) === null) throw malformed();
    const download = await (await client()).attachments.content(id, attachmentId);
    const contentType = safeContentType(download.contentType);
    const inline = shownInline(request) ? inlineKindOf(contentType) : null;
    const fileName = safeFileName(
      new URL(request.url).searchParams.get('name'),
      `attachment-${attachmentId}`,
      extensionOf(contentType) ?? undefined,
    );
    return fileResponse(download, { contentType, fileName, disposition: inline ? 'inline' : 'attachment' });
  },
);

/** The report addresses of the documents that have reports, each taken whole by its route file. */
export const reportAddresses = {
  invoices: { download: fileAddress(reportDownload('invoices')), preview: fileAddress(reportPreview('invoices')) },
  deliveryNotes: {
    download: fileAddress(reportDownload('deliveryNotes')),
    preview: fileAddress(reportPreview('deliveryNotes')),
  },
};

/** The address of an expense's attachment. */
export const attachmentAddress = fileAddress(attachmentContent);
