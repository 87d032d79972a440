import type { DocumentTexts } from '@/lib/base/i18n/documents';
import type { ExportFormat } from '@/lib/features/lists/export-file';
import { listFileName } from '@/lib/features/lists/file-name';
import type { ListKind } from '@/lib/service/records/list-view';

/**
 * The name of an exported list: the list, the company (its name when we know it, else its tenant id) and the day,
 * e.g. "faktúry-Firma s.r.o.-2026-11-24.csv". Twice: as plain ASCII ("faktury-Firma-s-r-o-2026-11-24.csv": letters
 * without diacritics and digits, anything else a single dash) for `filename=`, which old parsers read, and in UTF-8
 * for `filename*=` (RFC 6266/5987), stripped of what no file name should carry (control and bidi characters, path
 * and reserved characters, leading dots). Pure.
 */
export function exportFileName(
  kind: ListKind,
  format: ExportFormat,
  texts: DocumentTexts,
  company: { name: string | null; tenantId: string },
  day: string,
): { ascii: string; unicode: string } {
  return listFileName(texts.export.fileNames[kind], format, company, day);
}
