import { amountOf, compareAmounts, subtractAmounts } from '@/lib/base/money';
import type { OpenInvoice } from '@/lib/features/imports/queries/open-invoices';

import { nameWords } from './names';
import { symbolKey } from './symbols';

/**
 * The company's open invoices keyed for pairing: by variable symbol and by amount left to pay, so each statement line
 * is a look-up, never a walk through every invoice (10 000 lines against 30 000 invoices: bench/pairing.ts). It
 * also keeps what is left to pay on each as the statement's payments are applied one after another, the way the
 * service applies them: a second payment of the same symbol finds the first one's invoice already paid. Pure.
 */
export type OpenInvoiceIndex = {
  /** By symbolKey, each list oldest first (then by id). */
  bySymbol: ReadonlyMap<string, readonly OpenInvoice[]>;
  /** By the amount (amountOf) of what was left to pay when read. */
  byAmount: ReadonlyMap<string, readonly OpenInvoice[]>;
  /** Left to pay now, by id (lowered by payments applied: applyPayment). */
  due: Map<string, string>;
  /** Partner-name words, by id, made when first asked (names are compared only for suggestions). */
  names: Map<string, string[]>;
};

/** Ids are digits: the shorter is the smaller, then they compare as text. */
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Oldest issue day first (a document without one last), then by id: the same order on every run. */
export function byAge(a: OpenInvoice, b: OpenInvoice): number {
  if (a.issueDate !== b.issueDate) {
    if (a.issueDate === null) return 1;
    if (b.issueDate === null) return -1;
    return a.issueDate < b.issueDate ? -1 : 1;
  }
  return compareIds(a.id, b.id);
}

function push(map: Map<string, OpenInvoice[]>, key: string | null, invoice: OpenInvoice) {
  if (key === null) return;
  const list = map.get(key);
  if (list) list.push(invoice);
  else map.set(key, [invoice]);
}

export function indexOpenInvoices(invoices: readonly OpenInvoice[]): OpenInvoiceIndex {
  const bySymbol = new Map<string, OpenInvoice[]>();
  const byAmount = new Map<string, OpenInvoice[]>();
  const due = new Map<string, string>();
  for (const invoice of invoices) {
    push(bySymbol, symbolKey(invoice.variableSymbol), invoice);
    push(byAmount, amountOf(invoice.amountDue), invoice);
    due.set(invoice.id, invoice.amountDue);
  }
  for (const lists of [bySymbol, byAmount]) {
    for (const list of lists.values()) if (list.length > 1) list.sort(byAge);
  }
  return { bySymbol, byAmount, due, names: new Map() };
}

/** A copy whose payments applied leave the original as it was. */
export const freshIndex = (index: OpenInvoiceIndex): OpenInvoiceIndex => ({ ...index, due: new Map(index.due) });

/** What is left to pay on the invoice now (an invoice the index never held: as it was read). */
export const dueOf = (index: OpenInvoiceIndex, invoice: OpenInvoice) => index.due.get(invoice.id) ?? invoice.amountDue;

/** Still open: something left to pay. */
export const isOpen = (index: OpenInvoiceIndex, invoice: OpenInvoice) =>
  (compareAmounts(dueOf(index, invoice), '0') ?? 0) > 0;

/** Lowers what is left to pay on the invoice by a payment (in its currency; another currency changes nothing). */
export function applyPayment(index: OpenInvoiceIndex, invoice: OpenInvoice, amount: string, currency: string) {
  if (!sameCurrency(invoice, currency)) return;
  const left = subtractAmounts(dueOf(index, invoice), amount);
  if (left !== null) index.due.set(invoice.id, left);
}

/** A document without a currency is taken as the payment's (the mirror leaves it out only on odd records). */
export const sameCurrency = (invoice: OpenInvoice, currency: string) =>
  invoice.currency === null || invoice.currency.toUpperCase() === currency.toUpperCase();

export function partnerWordsOf(index: OpenInvoiceIndex, invoice: OpenInvoice): string[] {
  let words = index.names.get(invoice.id);
  if (words === undefined) index.names.set(invoice.id, (words = nameWords(invoice.partnerName)));
  return words;
}
