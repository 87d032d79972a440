import type { ExportFormat } from '@/lib/features/lists/export-file';
import { type ListAddress, listHref } from '@/lib/service/records/list-view';

/**
 * The export addresses of a list view: the list's address with `/export.csv` or `/export.xlsx`, and the same search,
 * filters and sort; without the page (Top, Skip), since an export has every matching row. Pure.
 */
export function exportHrefs(listPath: string, view: ListAddress): Record<ExportFormat, string> {
  const href = (format: ExportFormat) =>
    listHref(`${listPath}/export.${format}`, view, { Top: undefined, Skip: undefined });
  return { csv: href('csv'), xlsx: href('xlsx') };
}
