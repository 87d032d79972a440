import type { ExportFormat } from './export-file';
import { unicodeFileNamePart as unicodePart } from './file-name-part';

/**
 * The name of any exported list, by its name in the user's language ("platby-Firma s.r.o.-2026-11-24.csv"), as plain ASCII for
 * `filename=` and in UTF-8 for `filename*=` (lib/features/documents/export/file-name.ts says why both). Pure.
 */
export function listFileName(
  list: string,
  format: ExportFormat,
  company: { name: string | null; tenantId: string },
  day: string,
): { ascii: string; unicode: string } {
  const name = unicodePart(company.name ?? '') || unicodePart(company.tenantId) || 'company';
  return {
    ascii: `${asciiPart(list) || 'export'}-${asciiPart(name) || asciiPart(company.tenantId) || 'company'}-${day}.${format}`,
    unicode: `${list}-${name}-${day}.${format}`,
  };
}

const MAX_PART = 60;

/** A part of a file name in plain ASCII: letters without diacritics and digits, anything else a single dash. */
export function asciiPart(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_PART)
    .replace(/-+$/, '');
}
