import { calendarDay } from '@/lib/base/calendar';
import { compactIban } from '@/lib/base/iban';
import { twoPlaces } from '@/lib/base/money';
import type { mirrorPayments } from '@/lib/platform/db/schema';
import { storable } from '@/lib/platform/db/storable';
import { wireRecordOf } from '@/lib/service/schemas/common';
import { type Payment, paymentSchema } from '@/lib/service/schemas/reference';

import { foldForSearch, searchTextOf } from './search-text';

/** A payment's row without its company and sync mark. */
export type PaymentRow = Omit<typeof mirrorPayments.$inferInsert, 'pluginId' | 'tenantId' | 'syncedAt'>;

/**
 * The numbers of the documents a payment paid. Which field names them is weak evidence (service-facts.md): a
 * `documentNumber`, or a list of documents under one of the names integrations guess, each with its number.
 */
function documentNumbersOf(record: Record<string, unknown>): string[] {
  const numbers: string[] = [];
  if (typeof record.documentNumber === 'string' && record.documentNumber.trim()) numbers.push(record.documentNumber);
  for (const name of ['documents', 'matchedDocuments', 'pairedDocuments', 'linkedDocuments']) {
    const list = record[name];
    if (!Array.isArray(list)) continue;
    for (const each of list as unknown[]) {
      const number =
        typeof each === 'object' && each !== null ? (each as Record<string, unknown>).documentNumber : null;
      if (typeof number === 'string' && number.trim() && !numbers.includes(number)) numbers.push(number);
    }
  }
  return numbers;
}

/** A payment's key: the service's id; a payment listed without one cannot be kept (null). */
export const paymentKeyOf = (payment: Payment): string | null =>
  payment.id === null || payment.id === undefined || String(payment.id).trim() === '' ? null : String(payment.id);

/**
 * The row of one listed payment under its key (paymentKeyOf): the columns lists filter, sort, sum and search on, and
 * the record whole, as the service wrote it (made storable, as every mirror row is). The amount is written as the
 * service wrote it, never rounded.
 */
export function paymentRow(received: Payment, id: string): PaymentRow {
  const record = storable(received);
  const loose = record as Record<string, unknown>;
  const amount = record.sumOfPayment ?? null;
  const iban = compactIban(record.iban);
  const reference = record.paymentReference?.trim() || record.remittanceInformation?.trim() || null;
  const documentNumbers = documentNumbersOf(loose);
  const partnerName = record.partnerName?.trim() || null;
  return {
    id,
    accountId: record.accountId === null || record.accountId === undefined ? null : String(record.accountId),
    paymentDate: calendarDay(record.dateOfPayment),
    amount,
    currency: record.currency?.trim().toUpperCase() || null,
    variableSymbol: record.variableSymbol?.trim() || null,
    partnerName,
    partnerNameFolded: partnerName === null ? null : foldForSearch(partnerName),
    iban,
    reference,
    externalId: record.externalId ?? null,
    documentNumbers: documentNumbers.length > 0 ? documentNumbers.join(' ') : null,
    lastModified: record.lastModifiedTimestamp ?? null,
    record: wireRecordOf(paymentSchema, record),
    searchText: searchTextOf([
      partnerName,
      record.variableSymbol,
      reference,
      record.remittanceInformation,
      iban,
      amount === null ? null : twoPlaces(amount),
      ...documentNumbers,
    ]),
  };
}
