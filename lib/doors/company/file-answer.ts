import 'server-only';

import { safeFileName } from '@/lib/base/http/safe-file-name';
import { getEnv } from '@/lib/platform/env';
import { methodNotAllowed, otherMethods } from '@/lib/platform/http/other-methods';
import type { Download } from '@/lib/service/client';

export type FileAnswer = {
  contentType: string;
  fileName: string;
  /** The name in UTF-8 for `filename*` when we made it ourselves (an export's); else the safe name twice. */
  unicodeName?: string;
  disposition: 'attachment' | 'inline';
};

/** RFC 5987's value characters: encodeURIComponent leaves ' ( ) * ! unescaped, which it does not allow (but !). */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` (or `inline`) with the name twice: plain ASCII for old parsers, RFC 5987 for the rest (the safe name
 * again, or a UTF-8 name we made ourselves).
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string, unicodeName?: string): string {
  const safe = safeFileName(fileName, 'download');
  return `${kind}; filename="${safe}"; filename*=UTF-8''${rfc5987(unicodeName ?? safe)}`;
}

/**
 * The policy of every file we answer, downloaded or shown inline. `sandbox` gives the document an opaque origin, so
 * nothing in it (a PDF's own script included) can reach our origin; Chromium (156) still renders PDFs under it, in
 * a frame and in a tab, but refuses them in an <iframe sandbox>, so the page's frame carries no sandbox attribute.
 * Framing is limited to our pages and the service's window around them (a download link is followed inside it).
 */
export function filePolicy(frameAncestors: string): string {
  return `default-src 'none'; sandbox; frame-ancestors ${frameAncestorsWithSelf(frameAncestors)}`;
}

/** The configured frame ancestors with our own origin among them (our pages frame files and their failure pages). */
export function frameAncestorsWithSelf(frameAncestors: string): string {
  return frameAncestors.split(/\s+/).includes("'self'") ? frameAncestors : `'self' ${frameAncestors}`;
}

/**
 * Streams a file from the service straight through (never buffered): the length when the service gave one, a type
 * we chose, a safe name, no sniffing, no caching outside the user's browser, and no embedding by other sites.
 */
export function fileResponse(download: Download, answer: FileAnswer): Response {
  const headers = new Headers({
    'Content-Type': answer.contentType,
    'Content-Disposition': contentDisposition(answer.disposition, answer.fileName, answer.unicodeName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': filePolicy(getEnv().frameAncestors),
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
  });
  if (download.contentLength !== null) headers.set('Content-Length', String(download.contentLength));
  return new Response(download.body, { status: 200, headers });
}

/**
 * HEAD of a file address. Next would otherwise run GET for it and drop the body: a data-API call, and an upstream
 * stream left open until its timeout, for nothing.
 */
export function headNotAllowed(): Response {
  return methodNotAllowed('GET', { 'Cache-Control': 'private, no-store' });
}

/**
 * Every method of a file address: `GET` answers the file, HEAD and the rest are refused (405). A route file takes
 * them whole: `export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = someFile;`.
 */
export function fileAddress<Get>(GET: Get) {
  return { ...otherMethods('GET'), GET, HEAD: headNotAllowed };
}
