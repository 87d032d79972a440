import 'server-only';

import { countOf, fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import { type MoneyTexts, moneyTexts } from '@/lib/base/i18n/money';
import { type ExportColumn, type TotalRole, totalsRow } from '@/lib/features/lists/export-columns';
import { type ExportFile, type ExportFormat, fileOfRows } from '@/lib/features/lists/export-file';
import { listFileName } from '@/lib/features/lists/file-name';
import { accountLabelOf } from '@/lib/features/money/labels';
import { type PaymentAccountRow, paymentAccountsOf } from '@/lib/features/money/queries/accounts';
import {
  iteratePayments,
  type MirroredPayment,
  type PaymentTotals,
  type PaymentView,
  totalsOfPayments,
} from '@/lib/features/money/queries/payments';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import type { Cell } from '@/lib/platform/files/columns';

/**
 * The payments' list exported (`…/payments/export.csv`, `…/export.xlsx`), from the company's copy only, with the
 * add-on's file writers (lib/platform/files/: CSV with a BOM, quoted and guarded; XLSX with typed cells): every
 * payment of the view in the list's order, then after an empty row its totals as the totals bar shows them (how many
 * payments; per currency their count and sum in the amount column, the code in the currency column).
 */

/** The accounts' names and IBANs by id (null when the list was never mirrored). */
type Accounts = ReadonlyMap<string, PaymentAccountRow>;

const trimmed = (value: string | null | undefined) => value?.trim() || null;

function column(
  type: Cell['type'],
  header: string,
  width: number,
  value: (row: MirroredPayment) => string | null,
  total?: TotalRole,
): ExportColumn<MirroredPayment> {
  return { header, width, type, cell: (row) => ({ type, value: value(row) }) as Cell, total };
}

/** The export's columns, in the user's language. */
export function paymentColumns(texts: MoneyTexts, accounts: Accounts): ExportColumn<MirroredPayment>[] {
  const c = texts.export.columns;
  return [
    column('day', c.date, 12, (row) => row.paymentDate, 'label'),
    column('amount', c.amount, 14, (row) => row.amount, 'totalInclVat'),
    column('text', c.currency, 8, (row) => trimmed(row.currency), 'currency'),
    column('text', c.account, 24, (row) => accountLabelOf(row.accountId, accounts, texts)),
    column('text', c.accountIban, 26, (row) => (row.accountId ? (accounts.get(row.accountId)?.iban ?? null) : null)),
    column('text', c.partner, 32, (row) => trimmed(row.partnerName)),
    column('text', c.iban, 26, (row) => row.iban),
    column('text', c.variableSymbol, 14, (row) => row.variableSymbol),
    column('text', c.reference, 32, (row) => trimmed(row.reference)),
    column('text', c.documents, 24, (row) => (row.documentNumbers.length > 0 ? row.documentNumbers.join(', ') : null)),
    column('text', c.externalId, 16, (row) => trimmed(row.externalId)),
  ];
}

/**
 * The rows the file ends with: an empty row (a spreadsheet's sort or filter of the rows above leaves them out), "Spolu:
 * 3 platby", then one row per currency with its count, its sum in the amount column and its code. The label stands
 * in the first column as text (a day column's label cell is written as text).
 */
export function paymentTotalsRows(
  columns: readonly ExportColumn<MirroredPayment>[],
  totals: PaymentTotals,
  texts: MoneyTexts,
  locale: Locale,
): Cell[][] {
  const t = texts.export.totals;
  const payments = (count: number) => countOf(count, texts.payments, locale);
  return [
    totalsRow(columns, {}),
    totalsRow(columns, { label: fill(t.all, { count: payments(totals.count) }) }),
    ...totals.byCurrency.map((each) =>
      totalsRow(columns, {
        label:
          each.currency === null
            ? fill(t.noCurrency, { count: payments(each.count) })
            : fill(t.currency, { currency: each.currency, count: payments(each.count) }),
        totalInclVat: each.sum,
        currency: each.currency,
      }),
    ),
  ];
}

export type PaymentsExportRequest = {
  format: ExportFormat;
  /** The list's view: filters, search and sort (never a page). */
  view: Omit<PaymentView, 'top' | 'skip'>;
  locale: Locale;
  company: { name: string | null; tenantId: string };
  /** The company's day: the file name carries it. */
  today: string;
  batchSize?: number;
  failed: (error: unknown) => void;
};

/**
 * The payments of a view as a file (the caller checked the copy may be served): the accounts' names are read once,
 * then the rows stream a batch at a time as the file is downloaded, and the totals once the last row is out.
 */
export async function paymentsExportFile(
  db: Db,
  mirror: MirrorCompany,
  request: PaymentsExportRequest,
): Promise<ExportFile> {
  const { format, locale, today, failed } = request;
  const texts = moneyTexts[locale];
  const accounts = new Map(((await paymentAccountsOf(db, mirror)) ?? []).map((account) => [account.id, account]));
  const columns = paymentColumns(texts, accounts);
  const rows = iteratePayments(db, mirror, request.view, request.batchSize);
  const totals = async () =>
    paymentTotalsRows(columns, await totalsOfPayments(db, mirror, request.view), texts, locale);
  return fileOfRows(
    format,
    columns,
    rows,
    { locale, today, totals, failed, sheet: texts.export.sheet },
    listFileName(texts.export.fileName, format, request.company, today),
  );
}
