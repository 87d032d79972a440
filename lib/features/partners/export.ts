import 'server-only';

import { countOf, type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import { messages } from '@/lib/base/i18n/messages';
import type { PartnerTexts } from '@/lib/base/i18n/partners-sk';
import { type ExportFile, type ExportFormat, fileOfRows } from '@/lib/features/lists/export-file';
import { asciiPart } from '@/lib/features/lists/file-name';
import { unicodeFileNamePart } from '@/lib/features/lists/file-name-part';
import { type PartnerRow, partnersOf } from '@/lib/features/partners/queries/partners';
import type { PartnerSort } from '@/lib/features/partners/queries/sort';
import { type StatementLine, statementOf } from '@/lib/features/partners/queries/statement';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import { type Cell, column, type FileColumn } from '@/lib/platform/files/columns';
import { expenseTypeLabel } from '@/lib/service/records/present';

import { AGEING_BUCKETS } from './queries/ageing-buckets';

/**
 * The partners list and a partner's statement as CSV and XLSX, through the add-on's file writers (the same cells:
 * amounts as exact decimals, days as days, texts guarded in CSV; lib/platform/files/). Both come from the
 * company's mirror (the caller checked it may be served) and are read whole before the first row: a company's
 * partners and one partner's documents are few enough, and the totals come from the same read. Every amount and total
 * is the database's (numeric); nothing is summed here.
 */

type Company = { name: string | null; tenantId: string };

/** "partneri-Firma s.r.o.-2026-11-24.csv" and its plain-ASCII twin; a statement names its partner first. */
function fileName(parts: string[], company: Company, day: string, format: ExportFormat) {
  const name = unicodeFileNamePart(company.name ?? '') || unicodeFileNamePart(company.tenantId) || 'company';
  const unicode = [...parts.map((part) => unicodeFileNamePart(part) || '-'), name, day].join('-');
  const ascii = [...parts.map((part) => asciiPart(part) || 'x'), asciiPart(name) || asciiPart(company.tenantId)].join(
    '-',
  );
  return { ascii: `${ascii}-${day}.${format}`, unicode: `${unicode}.${format}` };
}

const one = async function* <R>(rows: R[]): AsyncIterable<R[]> {
  yield rows;
};

/** A row of cells of these columns, each value by its column's header (typed as the column is). */
function rowOf<R>(columns: FileColumn<R>[], values: Map<FileColumn<R>, string | number | null>): Cell[] {
  return columns.map((each) => ({ type: each.type, value: values.get(each) ?? null }) as Cell);
}

function partnerColumns(texts: PartnerTexts) {
  const c = texts.export.columns;
  const amount = (header: string, value: (row: PartnerRow) => string) => column('amount', header, 14, value);
  const bucketName = (bucket: (typeof AGEING_BUCKETS)[number]) => texts.buckets[bucket];
  const named = {
    partner: column('text', c.partner, 34, (row: PartnerRow) => row.name),
    registrationId: column('text', c.registrationId, 12, (row: PartnerRow) => row.registrationId),
    key: column('text', c.key, 24, (row: PartnerRow) => row.key),
    currencies: column('text', c.currencies, 10, (row: PartnerRow) => row.currencies.join(' ')),
    documents: column('count', c.documents, 10, (row: PartnerRow) => row.documents),
    receivables: amount(c.receivables, (row) => row.receivables),
    overdueReceivables: amount(c.overdueReceivables, (row) => row.overdueReceivables),
    oldestReceivable: column('count', c.oldestReceivable, 12, (row: PartnerRow) => row.oldestReceivableDays),
    payables: amount(c.payables, (row) => row.payables),
    overduePayables: amount(c.overduePayables, (row) => row.overduePayables),
    oldestPayable: column('count', c.oldestPayable, 12, (row: PartnerRow) => row.oldestPayableDays),
  };
  const ageing = [
    ...AGEING_BUCKETS.map((bucket) =>
      amount(fill(c.receivablesBucket, { bucket: bucketName(bucket) }), (row) => row.receivablesAgeing[bucket]),
    ),
    ...AGEING_BUCKETS.map((bucket) =>
      amount(fill(c.payablesBucket, { bucket: bucketName(bucket) }), (row) => row.payablesAgeing[bucket]),
    ),
  ];
  return { named, columns: [...Object.values(named), ...ageing] };
}

export type PartnersExport = {
  format: ExportFormat;
  view: { q: string; sort: PartnerSort };
  locale: Locale;
  company: Company;
  today: string;
  failed: (error: unknown) => void;
};

/**
 * Every partner of the list's view (its search and order; not a page), then, after an empty row, the view's totals:
 * how many partners, and their receivables, payables and what of each is overdue in EUR.
 */
export async function partnersExportFile(db: Db, mirror: MirrorCompany, request: PartnersExport): Promise<ExportFile> {
  const { format, locale, today } = request;
  const texts = messages[locale].partners;
  const { named, columns } = partnerColumns(texts);
  const { partners, totals } = await partnersOf(db, mirror, {
    q: request.view.q,
    sort: request.view.sort,
    top: null,
    skip: 0,
    today,
  });
  const totalsRows = async (): Promise<Cell[][]> => [
    rowOf(columns, new Map()),
    rowOf(
      columns,
      new Map<FileColumn<PartnerRow>, string | number | null>([
        [named.partner, fill(texts.export.total, { count: countOf(totals.count, texts.partners, locale) })],
        [named.receivables, totals.receivables],
        [named.overdueReceivables, totals.overdueReceivables],
        [named.payables, totals.payables],
        [named.overduePayables, totals.overduePayables],
      ]),
    ),
  ];
  return fileOfRows(
    format,
    columns,
    one(partners),
    { locale, today, totals: totalsRows, sheet: texts.export.sheet, failed: request.failed },
    fileName([texts.export.fileName], request.company, today, format),
  );
}

function statementColumns(texts: PartnerTexts, docs: DocumentTexts) {
  const s = texts.statement;
  const c = s.columns;
  const typeOf = (line: StatementLine) => {
    if (line.line === 'payment') return s.payment;
    if (line.line === 'settled') return s.settled;
    if (line.kind === 'expenses') return expenseTypeLabel(line.documentType, docs);
    if (line.invoiceType === 1) return docs.creditNote;
    if (line.invoiceType === 2) return docs.advanceInvoice;
    return s.invoice;
  };
  const positive = (value: string | null) => (value !== null && !value.startsWith('-') ? value : null);
  const negated = (value: string | null) => (value?.startsWith('-') ? value.slice(1) : null);
  const named = {
    currency: column('text', texts.export.columns.currency, 8, (line: StatementLine) => line.currency),
    day: column('day', c.day, 12, (line: StatementLine) => line.day),
    document: column('text', c.document, 18, (line: StatementLine) => line.documentNumber),
    type: column('text', c.type, 26, typeOf),
    dueDate: column('day', c.dueDate, 12, (line: StatementLine) => line.dueDate),
    daysOverdue: column('count', c.daysOverdue, 10, (line: StatementLine) => line.daysOverdue),
    leftToPay: column('amount', c.leftToPay, 14, (line: StatementLine) => line.amountDue),
    debit: column('amount', c.debit, 14, (line: StatementLine) => positive(line.effect)),
    credit: column('amount', c.credit, 14, (line: StatementLine) => negated(line.effect)),
    balance: column('amount', c.balance, 14, (line: StatementLine) => line.balance),
  };
  return { named, columns: Object.values(named) };
}

export type StatementExport = {
  key: string;
  /** The partner's name as the statement names it (for the file name). */
  partnerName: string | null;
  format: ExportFormat;
  locale: Locale;
  company: Company;
  today: string;
  failed: (error: unknown) => void;
};

/**
 * A partner's statement: its lines by currency and date with the running balance (debit and credit in columns of
 * their own, as on the page), then, after an empty row, per currency the total debit, credit and the closing balance,
 * and what is left to pay on invoices and expenses.
 */
export async function statementExportFile(
  db: Db,
  mirror: MirrorCompany,
  request: StatementExport,
): Promise<ExportFile> {
  const { format, locale, today } = request;
  const texts = messages[locale].partners;
  const s = texts.statement;
  const { named, columns } = statementColumns(texts, messages[locale].docs);
  const statement = await statementOf(db, mirror, request.key, today);
  const totalsRows = async (): Promise<Cell[][]> => [
    rowOf(columns, new Map()),
    ...statement.currencies.flatMap((each) => {
      const row = (entries: [FileColumn<StatementLine>, string | null][]) =>
        rowOf(
          columns,
          new Map<FileColumn<StatementLine>, string | null>([[named.currency, each.currency], ...entries]),
        );
      return [
        row([
          [named.type, fill(texts.export.totalIn, { currency: each.currency })],
          [named.debit, each.debit],
          [named.credit, each.credit],
          [named.balance, each.balance],
        ]),
        // What is left to pay, each balance under its name.
        ...(['receivables', 'overdueReceivables', 'payables', 'overduePayables'] as const).map((balance) =>
          row([
            [named.type, s[balance]],
            [named.leftToPay, each[balance]],
          ]),
        ),
      ];
    }),
  ];
  return fileOfRows(
    format,
    columns,
    one(statement.lines),
    { locale, today, totals: totalsRows, sheet: texts.export.statementSheet, failed: request.failed },
    fileName([texts.export.statementFileName, request.partnerName ?? request.key], request.company, today, format),
  );
}
