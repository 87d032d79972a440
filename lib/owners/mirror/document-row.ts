import { calendarDay } from '@/lib/base/calendar';
import type { mirrorDocuments } from '@/lib/platform/db/schema';
import { storable } from '@/lib/platform/db/storable';
import { amountDueOf } from '@/lib/service/records/left-to-pay';
import { partnerName } from '@/lib/service/records/present';
import { type Prices, wireRecordOf } from '@/lib/service/schemas/common';
import { type DeliveryNote, deliveryNoteSchema } from '@/lib/service/schemas/delivery-note';
import { type Expense, expenseSchema } from '@/lib/service/schemas/expense';
import { type Invoice, invoiceSchema } from '@/lib/service/schemas/invoice';

import type { DocumentKind } from './kinds';
import { partnerKeyOf } from './partner-key';
import { foldForSearch, searchTextOf } from './search-text';

/** A record as lib/service/schemas parsed it, of each kind. */
export type MirroredRecord = {
  invoices: Invoice;
  expenses: Expense;
  deliveryNotes: DeliveryNote;
};

/** A mirror row without its company and sync mark. */
export type DocumentRow = Omit<typeof mirrorDocuments.$inferInsert, 'pluginId' | 'tenantId' | 'syncedAt'>;

/** A text field the kind's schema does not name but the service may send (unknown fields are kept). */
function looseText(record: Record<string, unknown>, name: string): string | null {
  const value = record[name];
  return typeof value === 'string' ? value : null;
}

/** Each kind's schema: the record is stored as the service wrote it (wireRecordOf), read back through the same. */
const schemas = { invoices: invoiceSchema, expenses: expenseSchema, deliveryNotes: deliveryNoteSchema };

/** The numeric columns: the schemas' exact amounts as they are (no float is rounded on the way). */
function totalsOf(prices: Prices | null | undefined) {
  return {
    currency: prices?.currency ?? null,
    totalExclVat: prices?.legislativePrices?.totalPrice ?? null,
    totalInclVat: prices?.legislativePrices?.totalPriceInclVat ?? null,
    totalInclVatCurrency: prices?.documentPrices?.totalPriceInclVat ?? null,
  };
}

/** Texts of the lines the record carries: invoice and delivery-note items, an expense's journal (single record only). */
function lineTexts(record: Record<string, unknown>): string[] {
  const texts: string[] = [];
  for (const name of ['items', 'journalItems']) {
    const lines = record[name];
    if (!Array.isArray(lines)) continue;
    for (const line of lines as unknown[]) {
      if (typeof line !== 'object' || line === null) continue;
      const fields = line as Record<string, unknown>;
      for (const field of ['name', 'itemCode', 'description']) {
        if (typeof fields[field] === 'string') texts.push(fields[field]);
      }
    }
  }
  return texts;
}

/**
 * The row of one record: the columns pages filter, sort and sum on (EUR totals from legislative prices, the
 * document's own currency beside them), the record itself, and the text it is searched by (number, variable symbol,
 * order number, partner name and ids, line texts). Every mirror row is built here, so here the record is made
 * storable (lib/platform/db/storable.ts): one U+0000 or lone surrogate would otherwise fail its page, and every sync after.
 */
export function documentRow<K extends DocumentKind>(kind: K, received: MirroredRecord[K]): DocumentRow {
  const record = storable(received);
  const loose = record as Record<string, unknown>;
  const partner = record.partner;
  const name = partnerName(partner);
  const partnerIds = [partner?.registrationId, partner?.taxId, partner?.vatId].filter(Boolean).join(' ') || null;
  const status =
    typeof loose.paymentStatus === 'number' && Number.isInteger(loose.paymentStatus) ? loose.paymentStatus : null;
  return {
    kind,
    id: String(record.id),
    documentNumber: record.documentNumber ?? null,
    issueDate: calendarDay(record.issueDate),
    dueDate: calendarDay(looseText(loose, 'dueDate')),
    partnerName: name,
    partnerIds,
    ...totalsOf(record.prices),
    paymentStatus: status,
    amountDue: amountDueOf(loose, status, record.prices?.documentPrices?.totalPriceInclVat),
    partnerKey: partnerKeyOf(partner?.registrationId, name),
    lastModified: record.lastModifiedTimestamp ?? null,
    record: wireRecordOf(schemas[kind], record),
    documentNumberFolded: record.documentNumber?.trim() ? foldForSearch(record.documentNumber.trim()) : null,
    partnerNameFolded: name === null ? null : foldForSearch(name),
    searchText: searchTextOf([
      record.documentNumber,
      looseText(loose, 'variableSymbol'),
      looseText(loose, 'orderNumber'),
      name,
      partner?.address?.contactName,
      partnerIds,
      ...lineTexts(loose),
    ]),
  };
}
