import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

import { exportFile, type ExportRequest } from '@/lib/features/documents/export/export';
import type { ExportFormat } from '@/lib/features/lists/export-file';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import type { ListKind } from '@/lib/service/records/list-view';

/** An export of a company's mirror, read to its end, with the failures it reported on the way. */
export async function exported<K extends ListKind>(
  db: Db,
  company: MirrorCompany,
  request: Omit<ExportRequest<K>, 'failed' | 'company'> & { format: ExportFormat },
) {
  const failures: unknown[] = [];
  const file = exportFile(db, company, {
    ...request,
    company: { name: 'Firma s.r.o.', tenantId: company.tenantId },
    failed: (error) => failures.push(error),
  });
  const bytes = Buffer.from(await new Response(file.body).arrayBuffer());
  return { ...file, bytes, failures };
}

/** A CSV export's rows (header first), parsed as a spreadsheet would, with the locale's delimiter; BOM dropped. */
export function csvRows(bytes: Buffer, delimiter: string): string[][] {
  const rows: string[][] = parse(bytes, { bom: true, delimiter });
  return rows;
}

/** An XLSX export opened with exceljs's own reader (it refuses XML that is not well-formed): its one sheet. */
export async function xlsxSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const [sheet] = workbook.worksheets;
  if (!sheet) throw new Error('the workbook has no sheet');
  return sheet;
}

/**
 * The rows of an export's documents: after the header, up to the empty row before the totals rows (every export ends
 * with them, lib/features/documents/export/totals.ts).
 */
export function documentRows<T>(rows: T[][]): T[][] {
  const empty = rows.findIndex((row, index) => index > 0 && row.every((cell) => cell === '' || cell === null));
  if (empty < 0) throw new Error('the export has no totals rows');
  return rows.slice(1, empty);
}

/** The totals rows an export ends with (after the empty row). */
export function totalRows<T>(rows: T[][]): T[][] {
  return rows.slice(1 + documentRows(rows).length + 1);
}

/** A sheet's rows as values (first column is 1), header first. */
export function sheetValues(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, index) => row.getCell(index + 1).value ?? null));
  });
  return rows;
}
