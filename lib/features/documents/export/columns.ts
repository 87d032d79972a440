import { calendarDay } from '@/lib/base/calendar';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { amountOfSql } from '@/lib/base/money';
import type { ExportColumn as ListExportColumn } from '@/lib/features/lists/export-columns';
import { type CellType, type CellValue, column as fileColumn } from '@/lib/platform/files/columns';
import type { ListKind } from '@/lib/service/records/list-view';
import { daysOverdue } from '@/lib/service/records/overdue';
import { expenseTypeLabel, paymentAmounts } from '@/lib/service/records/present';

/**
 * The columns of an exported list, per kind: what its table shows (number, type, partner, days, totals, what is left
 * to pay, payment) and what someone exporting wants beside it (IČO, variable symbol, delivery day, the totals excl.
 * and incl. VAT in EUR and in the document's currency with its code, days overdue). Each cell is typed, so a writer
 * can make a number a number and a day a day (XLSX) or write them the locale's way (CSV: lib/platform/files/). Pure.
 */

/** What the export reads of each mirrored row (lib/features/documents/queries/export-rows.ts selects exactly this). */
export type ExportRow = {
  id: string;
  documentNumber: string | null;
  /** yyyy-MM-dd */
  issueDate: string | null;
  dueDate: string | null;
  /** As the service wrote it ("2026-07-22T00:00:00"). */
  deliveryDate: string | null;
  partnerName: string | null;
  registrationId: string | null;
  variableSymbol: string | null;
  currency: string | null;
  /** Exact decimals as text: EUR (legislative prices), and in the document's currency. */
  totalExclVat: string | null;
  totalInclVat: string | null;
  totalInclVatCurrency: string | null;
  sumForPayment: string | null;
  sumOfPayments: string | null;
  paymentStatus: number | null;
  invoiceType: string | null;
  documentType: string | null;
};

/** A column of a document list's export (lib/features/lists/export-columns.ts: any list's). */
export type ExportColumn<R = ExportRow> = ListExportColumn<R>;

/** A column of one type over a document list's rows. */
const column = <T extends CellType>(
  type: T,
  header: string,
  width: number,
  value: (row: ExportRow, today: string) => CellValue<T> | undefined,
): ExportColumn => fileColumn(type, header, width, value);

const trimmed = (value: string | null | undefined) => value?.trim() || null;

/** What is left to pay, by the lists' own rule (present.ts paymentAmounts). */
function leftToPay(row: ExportRow): string | null {
  const { left } = paymentAmounts({
    paymentStatus: row.paymentStatus,
    prices: { documentPrices: { totalPriceInclVat: amountOfSql(row.totalInclVatCurrency) } },
    sumForPayment: amountOfSql(row.sumForPayment),
    sumOfPayments: amountOfSql(row.sumOfPayments),
  });
  return left;
}

function paymentStatusText(status: number | null, texts: DocumentTexts): string {
  const key = String(status) as keyof DocumentTexts['paymentStatus'];
  return status !== null && key in texts.paymentStatus ? texts.paymentStatus[key] : texts.paymentStatus.unknown;
}

function invoiceTypeText(invoiceType: string | null, texts: DocumentTexts): string {
  if (invoiceType === '1') return texts.creditNote;
  if (invoiceType === '2') return texts.advanceInvoice;
  return texts.export.invoice;
}

/** The export's columns of a kind, in the user's language. */
export function exportColumns(kind: ListKind, texts: DocumentTexts): ExportColumn[] {
  const c = texts.export.columns;
  const number: ExportColumn = {
    ...column('text', c.number, 16, (row) => trimmed(row.documentNumber)),
    total: 'label',
  };
  const partner = (header: string) => column('text', header, 32, (row) => trimmed(row.partnerName));
  const registrationId = column('text', c.registrationId, 12, (row) => trimmed(row.registrationId));
  const variableSymbol = column('text', c.variableSymbol, 14, (row) => trimmed(row.variableSymbol));
  const issueDate = column('day', c.issueDate, 12, (row) => calendarDay(row.issueDate));
  const deliveryDate = column('day', c.deliveryDate, 12, (row) => calendarDay(row.deliveryDate));
  const dueDate = column('day', c.dueDate, 12, (row) => calendarDay(row.dueDate));
  const totals: ExportColumn[] = [
    { ...column('amount', c.totalExclVatEur, 14, (row) => row.totalExclVat), total: 'totalExclVatEur' },
    { ...column('amount', c.totalInclVatEur, 14, (row) => row.totalInclVat), total: 'totalInclVatEur' },
    { ...column('amount', c.totalInclVat, 14, (row) => row.totalInclVatCurrency), total: 'totalInclVat' },
    { ...column('text', c.currency, 8, (row) => trimmed(row.currency)), total: 'currency' },
  ];
  const payment = [
    column('amount', c.leftToPay, 14, leftToPay),
    column('text', c.paymentStatus, 18, (row) => paymentStatusText(row.paymentStatus, texts)),
    column('count', c.daysOverdue, 10, (row, today) => daysOverdue(row, today)),
  ];
  // The payable kinds differ only in their type's words and whose name the partner's is.
  const payable = (type: ExportColumn, partnerHeader: string): ExportColumn[] => [
    number,
    type,
    partner(partnerHeader),
    registrationId,
    variableSymbol,
    issueDate,
    deliveryDate,
    dueDate,
    ...totals,
    ...payment,
  ];
  switch (kind) {
    case 'invoices':
      return payable(
        column('text', c.type, 16, (row) => invoiceTypeText(row.invoiceType, texts)),
        c.customer,
      );
    case 'expenses':
      return payable(
        column('text', c.type, 22, (row) => {
          const documentType = row.documentType === null ? null : Number(row.documentType);
          return expenseTypeLabel(Number.isInteger(documentType) ? documentType : null, texts);
        }),
        c.supplier,
      );
    case 'deliveryNotes':
      return [number, partner(c.customer), registrationId, issueDate, deliveryDate, ...totals];
  }
}
