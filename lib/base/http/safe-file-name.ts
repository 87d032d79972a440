/**
 * A file name no browser, file system or header parser can misread, from one that comes from the service or from a
 * URL anyone can edit (lib/features/documents/downloads.ts says what else a download may say). Pure: every file we
 * answer is named through it, the door's answer of a file (lib/doors/company/file-answer.ts) included.
 */

const MAX_NAME_LENGTH = 100;

/** A file name of [A-Za-z0-9._-] only, with the given extension, never empty, never hidden, never "..". */
export function safeFileName(wanted: string | null | undefined, fallback: string, extension?: string): string {
  const clean = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '') // "Faktúra" → "Faktura" rather than "Fakt_ra"
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/_{2,}/g, '_')
      .replace(/_*\.[._]*/g, '.') // "a_.b", "a._b" and "a..b" all become "a.b"
      .replace(/[_-]*-[_-]*/g, '-')
      .replace(/^[._-]+|[._-]+$/g, '');

  const ext = extension ? clean(extension).replace(/\./g, '').toLowerCase() : '';
  let base = clean(wanted ?? '');
  if (ext && base.toLowerCase().endsWith(`.${ext}`)) base = base.slice(0, -(ext.length + 1));
  base = base.slice(0, MAX_NAME_LENGTH).replace(/[._-]+$/g, '');
  if (!base) base = clean(fallback).slice(0, MAX_NAME_LENGTH) || 'download';
  return ext ? `${base}.${ext}` : base;
}
