/**
 * What a download answer may say about its file. Pure: the rules are tested on their own.
 *
 * File names and types come from the service (or from a URL anyone can edit), so neither is trusted: a name is cut
 * down to plain ASCII that no browser, file system or header parser can misread, and a type is passed on only when
 * it is on a short list of types that cannot run code in our origin. Everything else is application/octet-stream.
 */
import { safeFileName } from '@/lib/base/http/safe-file-name';
import { unicodeFileNamePart } from '@/lib/features/lists/file-name-part';

/**
 * The name of a document's downloaded PDF, in the reader's language: the document, its number (its id when the link
 * gave none) and the report's variant, e.g. "faktúra-FA2026000206-farebné.pdf", twice: plain ASCII for `filename=`
 * ("faktura-FA2026000206-farebne.pdf", safeFileName) and UTF-8 for `filename*=`. Pure.
 */
export function reportFileName(
  words: { document: string; variant: string },
  number: string | null,
  documentId: string,
): { ascii: string; unicode: string } {
  const parts = [
    words.document.toLowerCase(),
    unicodeFileNamePart(number ?? '') || documentId,
    words.variant.toLowerCase(),
  ];
  const fallback = `document-${documentId}`;
  const unicode = parts
    .map((part) => unicodeFileNamePart(part))
    .filter(Boolean)
    .join('-');
  return {
    ascii: safeFileName(parts.join('-').replace(/\s+/g, '-'), fallback, 'pdf'),
    unicode: `${unicode || fallback}.pdf`,
  };
}

/**
 * Types passed on as the service sends them. No HTML, XML or SVG (they run script), nothing a plug-in opens.
 * Of these, only images a browser decodes itself, and PDF, may be shown inline.
 */
const passedThrough = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

export const inlineImageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The media type without parameters, lower-cased; null when it is not a well-formed type/subtype. */
export function mediaTypeOf(contentType: string | null | undefined): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) ? type : null;
}

/** The Content-Type we answer with: a listed type (text with its charset kept only if it is UTF-8), else binary. */
export function safeContentType(contentType: string | null | undefined): string {
  const type = mediaTypeOf(contentType);
  if (!type || !passedThrough.has(type)) return 'application/octet-stream';
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

export type InlineKind = 'image' | 'pdf';

/** How a type may be shown inside our page, if at all. SVG is never an image here: it can carry script. */
export function inlineKindOf(contentType: string | null | undefined): InlineKind | null {
  const type = mediaTypeOf(contentType);
  if (type === 'application/pdf') return 'pdf';
  return type && inlineImageTypes.has(type) ? 'image' : null;
}

/** The inline kind a file name's extension suggests, for metadata that names no type. */
export function inlineKindOfName(fileName: string | null | undefined): InlineKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  return ext && ['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext) ? 'image' : null;
}

/** The extension to give a downloaded file of a listed type, when its own name has none. */
export function extensionOf(contentType: string): string | null {
  const extensions: Record<string, string> = {
    'application/pdf': 'pdf',
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/gif': 'gif',
    'image/webp': 'webp',
    'text/plain': 'txt',
    'text/csv': 'csv',
    'application/zip': 'zip',
  };
  return extensions[mediaTypeOf(contentType) ?? ''] ?? null;
}

/**
 * A file's type as a reader says it ("PDF", "Obrázok PNG", "Súbor DOCX"), never the media type: by the type the
 * service gives, else by the name's extension. Pure.
 */
export function fileTypeLabel(
  contentType: string | null | undefined,
  fileName: string | null | undefined,
  words: { pdf: string; image: string; file: string; unknown: string },
): string {
  const type = mediaTypeOf(contentType);
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(fileName ?? '')?.[1]?.toUpperCase() ?? null;
  const kind = type ? inlineKindOf(type) : inlineKindOfName(fileName);
  if (kind === 'pdf') return words.pdf;
  const format = ext ?? (type ? extensionOf(type)?.toUpperCase() : null) ?? null;
  if (kind === 'image') return words.image.replace('{format}', format ?? (type?.split('/')[1] ?? '').toUpperCase());
  return format ? words.file.replace('{format}', format) : words.unknown;
}
