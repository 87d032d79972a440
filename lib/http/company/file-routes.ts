import 'server-only';
import type { DataApiClient } from '@/lib/service/client';
import { int64IdOf, reportIdOf, uuidOf, type ReportId } from '@/lib/service/ids';
import { extensionOf, inlineKindOf, safeContentType, safeFileName } from '@/lib/documents/downloads';
import { openClient } from '@/lib/documents/load';
import type { DocumentKind } from '@/lib/documents/report-links';
import { getEnv } from '@/lib/env';
import { withRouteHeaders } from '@/lib/http/handle';
import { seeOther } from '@/lib/http/see-other';
import { previewAddressOrThrow } from '@/lib/service/preview-address';
import { authorizeCompanyRequest } from './authorize';
import { companyFailure, fileFailureResponse, wantsJson } from './failure-answers';
import { fileResponse } from './file-answer';
import type { FilePlace, FileSection } from './file-failure-page';

/**
 * GET handlers of the company's file addresses, shared by invoices and delivery notes. Each is: session and company
 * (before anything else, so a foreign company costs no data-API call), the path's ids by the interface's rules
 * (404 when they cannot name anything), one data-API call, and the file streamed through or the company's failure
 * page (retry and the way back to the document), so a failed download never strands the user on a bare page.
 */

type ReportParams = { tenantId: string; id: string; reportId: string };
type AttachmentParams = { tenantId: string; id: string; attachmentId: string };
type Context<P> = { params: Promise<P> };

const filePrefix: Record<DocumentKind, string> = { invoices: 'invoice', deliveryNotes: 'delivery-note' };
const sectionOf: Record<DocumentKind, FileSection> = { invoices: 'invoices', deliveryNotes: 'delivery-notes' };

type ReportRequest = { documentId: string; reportId: ReportId; client: DataApiClient };

/**
 * The part every report address shares: session and company first (a foreign company costs no data-API call), then
 * the ids by the interface's rules (404 when they cannot name anything), then the company's client; a failure of
 * `answer` becomes the failure page.
 */
function reportRoute(kind: DocumentKind, answer: (request: Request, report: ReportRequest) => Promise<Response>) {
  return async function GET(request: Request, { params }: Context<ReportParams>): Promise<Response> {
    const { tenantId, id, reportId } = await params;
    const access = await authorizeCompanyRequest(request, tenantId, wantsJson(request));
    if (!access.ok) return access.response;
    const documentId = int64IdOf(id);
    const report = reportIdOf(reportId);
    const place: FilePlace = {
      session: access.session,
      tenantId,
      section: sectionOf[kind],
      documentId,
      embedded: false,
    };
    if (documentId === null || report === null) return companyFailure(request, place, 'notFound');
    try {
      const client = await openClient({ ...access.session, tenantId });
      return await answer(request, { documentId, reportId: report, client });
    } catch (error) {
      return fileFailureResponse(request, place, error);
    }
  };
}

/** The document's PDF report (17, 19 or 101), as a download named after the document number when the link gave it. */
export function reportDownload(kind: DocumentKind) {
  return reportRoute(kind, async (request, { documentId, reportId, client }) => {
    const download = await client[kind].report(documentId, reportId);
    const number = new URL(request.url).searchParams.get('number');
    const fallback = `${filePrefix[kind]}-${documentId}-${reportId}`;
    return fileResponse(download, {
      contentType: 'application/pdf',
      fileName: safeFileName(number ? `${filePrefix[kind]}-${number}-${reportId}` : fallback, fallback, 'pdf'),
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
export function reportPreview(kind: DocumentKind) {
  return reportRoute(kind, async (request, { documentId, reportId, client }) => {
    const raw = await client[kind].previewLink(documentId, reportId);
    const url = previewAddressOrThrow(
      raw,
      getEnv().previewAddresses,
      `GET /api/${sectionOf[kind]}/{id}/reports/{reportId}/previewLink`,
    );
    if (!wantsJson(request)) return seeOther(url);
    return withRouteHeaders(Response.json({ url }, { headers: { 'Cache-Control': 'private, no-store' } }));
  });
}

/**
 * HEAD of a file address. Next would otherwise run GET for it and drop the body: a data-API call, and an upstream
 * stream left open until its timeout, for nothing.
 */
export function headNotAllowed(): Response {
  return withRouteHeaders(
    new Response(null, { status: 405, headers: { Allow: 'GET', 'Cache-Control': 'private, no-store' } }),
  );
}

/**
 * One attachment of an expense. `?disposition=inline` shows images and PDFs in the browser (anything else is still
 * a download); `?name=` is the file name the page knows, cut down to safe characters.
 */
export async function attachmentContent(request: Request, { params }: Context<AttachmentParams>): Promise<Response> {
  const { tenantId, id, attachmentId } = await params;
  const access = await authorizeCompanyRequest(request, tenantId);
  if (!access.ok) return access.response;
  const search = new URL(request.url).searchParams;
  const expenseId = uuidOf(id);
  const place: FilePlace = {
    session: access.session,
    tenantId,
    section: 'expenses',
    documentId: expenseId,
    // Shown in a frame of the expense's own page, which is already the way back.
    embedded: search.get('disposition') === 'inline',
  };
  if (expenseId === null || uuidOf(attachmentId) === null) return companyFailure(request, place, 'notFound');

  try {
    const client = await openClient({ ...access.session, tenantId });
    const download = await client.attachments.content(id, attachmentId);
    const contentType = safeContentType(download.contentType);
    const inline = search.get('disposition') === 'inline' ? inlineKindOf(contentType) : null;
    const fileName = safeFileName(
      search.get('name'),
      `attachment-${attachmentId}`,
      extensionOf(contentType) ?? undefined,
    );
    return fileResponse(download, {
      contentType,
      fileName,
      disposition: inline ? 'inline' : 'attachment',
    });
  } catch (error) {
    return fileFailureResponse(request, place, error);
  }
}
