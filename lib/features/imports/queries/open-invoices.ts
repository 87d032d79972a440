import 'server-only';

import { and, isNotNull, sql } from 'drizzle-orm';

import { compactIban } from '@/lib/base/iban';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { type Search, searchCondition, searchOf } from '@/lib/owners/mirror/query/search';
import type { Decimal } from '@/lib/owners/mirror/query/totals';
import { documentsOf, paymentsOf } from '@/lib/owners/mirror/rows';
import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments, mirrorPayments } from '@/lib/platform/db/schema';
import { CREDIT_NOTE_INVOICE_TYPE } from '@/lib/service/records/overdue';

/**
 * The company's issued invoices as a bank statement's payments are paired with them (issue 20): what the pairing
 * reads of each (lib/features/imports/pairing.ts), and the search of the "pair with another invoice" control.
 *
 * Open means something is left to pay (amount_due > 0: not paid and partly paid). Credit notes are never open here:
 * a credit note is money the company owes its partner (its amounts are negative), and a payment received never
 * settles one; the type check keeps out a credit note whose record has a positive amount by mistake too.
 */
export type OpenInvoice = {
  id: string;
  documentNumber: string | null;
  /** As the service wrote it (KROS pairs by this exact text); null when the record has none. */
  variableSymbol: string | null;
  /** yyyy-MM-dd */
  issueDate: string | null;
  /** Total incl. VAT in the document's currency. */
  total: Decimal | null;
  /** Left to pay, in the document's currency: above zero for an open invoice, "0" once paid. */
  amountDue: Decimal;
  currency: string | null;
  /** An advance (proforma) invoice wins over a regular one with the same symbol (interface.md). */
  kind: 'regular' | 'advance';
  partnerName: string | null;
  /** lib/owners/mirror/partner-key.ts */
  partnerKey: string | null;
  /**
   * Accounts the partner paid from before, compact (no spaces, upper case): those of the company's mirrored payments
   * (mirror_payments) that name one of the partner's invoices, among the statement's payers asked about. The
   * invoice record itself names no account of its partner (interface.md shows none).
   */
  partnerIbans: string[];
};

/** An invoice the pairing control found: open or not (a paid one can still be chosen; the page says it is paid). */
export type PairableInvoice = OpenInvoice & { open: boolean };

const d = mirrorDocuments;
const p = mirrorPayments;

/** invoiceType 2: an advance (proforma) invoice. */
const ADVANCE_INVOICE_TYPE = '2';

const notCreditNote = sql`coalesce(${d.record} ->> 'invoiceType', '') <> ${String(CREDIT_NOTE_INVOICE_TYPE)}`;

const columns = {
  id: d.id,
  documentNumber: d.documentNumber,
  variableSymbol: sql<string | null>`nullif(btrim(${d.record} ->> 'variableSymbol'), '')`,
  issueDate: d.issueDate,
  total: d.totalInclVatCurrency,
  amountDue: sql<string>`coalesce(${d.amountDue}, 0)::text`,
  currency: d.currency,
  advance: sql<boolean>`coalesce(${d.record} ->> 'invoiceType' = ${ADVANCE_INVOICE_TYPE}, false)`,
  partnerName: d.partnerName,
  partnerKey: d.partnerKey,
};

type Row = {
  id: string;
  documentNumber: string | null;
  variableSymbol: string | null;
  issueDate: string | null;
  total: string | null;
  amountDue: string;
  currency: string | null;
  advance: boolean;
  partnerName: string | null;
  partnerKey: string | null;
};

function invoiceOf(row: Row, paidFrom: ReadonlyMap<string, readonly string[]>): OpenInvoice {
  const ibans = row.partnerKey === null ? [] : (paidFrom.get(row.partnerKey) ?? []);
  return {
    id: row.id,
    documentNumber: row.documentNumber,
    variableSymbol: row.variableSymbol,
    issueDate: row.issueDate,
    total: row.total,
    amountDue: row.amountDue,
    currency: row.currency,
    kind: row.advance ? 'advance' : 'regular',
    partnerName: row.partnerName,
    partnerKey: row.partnerKey,
    partnerIbans: [...ibans],
  };
}

/**
 * Which partners each of the given accounts paid before, as partner key → accounts: the company's mirrored payments
 * from an account, and the partners of the invoices they name (by number). Two plain reads of the company's rows
 * (payments with an account and a number; invoices' numbers and partners), joined here: a join or a list of
 * accounts in SQL left the planner free to loop over every pair of rows, and on tables not yet analysed it did
 * (minutes for 30 000 invoices and 10 000 payments). Nothing is read when no account is given.
 */
async function accountsPaidFrom(
  db: Db,
  company: MirrorCompany,
  payerIbans: readonly string[],
): Promise<Map<string, string[]>> {
  const wanted = new Set(payerIbans.flatMap((iban) => compactIban(iban) ?? []));
  const byPartner = new Map<string, string[]>();
  if (wanted.size === 0) return byPartner;
  const payments = await db
    .select({ iban: p.iban, numbers: p.documentNumbers })
    .from(p)
    .where(and(paymentsOf(company), isNotNull(p.iban), isNotNull(p.documentNumbers)));
  const payersOf = new Map<string, Set<string>>();
  for (const { iban, numbers } of payments) {
    if (iban === null || !wanted.has(iban)) continue;
    for (const number of numbers?.split(' ') ?? []) {
      if (number !== '') payersOf.set(number, (payersOf.get(number) ?? new Set()).add(iban));
    }
  }
  if (payersOf.size === 0) return byPartner;
  const documents = await db
    .select({ number: d.documentNumber, partnerKey: d.partnerKey })
    .from(d)
    .where(and(documentsOf(company, 'invoices'), isNotNull(d.partnerKey), isNotNull(d.documentNumber)));
  const sets = new Map<string, Set<string>>();
  for (const { number, partnerKey } of documents) {
    const payers = number === null ? undefined : payersOf.get(number);
    if (payers === undefined || partnerKey === null) continue;
    const known = sets.get(partnerKey) ?? new Set<string>();
    for (const iban of payers) known.add(iban);
    sets.set(partnerKey, known);
  }
  for (const [partnerKey, known] of sets) byPartner.set(partnerKey, [...known]);
  return byPartner;
}

/**
 * Every open invoice of the company (regular and advance; see OpenInvoice), read once per import, not per line: one
 * statement over the company's invoices (bounded to the company's own rows by the mirror's indexes; 30 000 invoices,
 * 12 000 of them open: ~80 ms in PostgreSQL, bench/pairing.ts), and, when the statement names payers' accounts, two
 * more for the partners those accounts paid before (accountsPaidFrom). Oldest first, then by id.
 */
export async function openInvoicesOf(
  db: Db,
  company: MirrorCompany,
  payerIbans: readonly string[] = [],
): Promise<OpenInvoice[]> {
  const [rows, paidFrom] = await Promise.all([
    db
      .select(columns)
      .from(d)
      .where(and(documentsOf(company, 'invoices'), sql`${d.amountDue} > 0`, notCreditNote))
      .orderBy(sql`${d.issueDate} asc nulls last`, sql`${d.id} collate "C"`),
    accountsPaidFrom(db, company, payerIbans),
  ]);
  return rows.map((row: Row) => invoiceOf(row, paidFrom));
}

export const PAIRING_SEARCH_LIMIT = 20;

/** "120,50", "120.5", "1 200" or "120 €" read as an amount; null when q is not one. */
function amountOf(q: string): string | null {
  const compact = q.replace(/[\s\u00a0]|€|eur$/gi, '').replace(',', '.');
  return /^\d{1,12}(\.\d{1,2})?$/.test(compact) ? compact : null;
}

/**
 * The "pair with another invoice" control: the company's invoices (not credit notes) whose number, variable symbol or
 * partner (name, IČO, DIČ) contains every word of q (the mirror's search text and its trigram index, as the lists
 * search), or whose amount left to pay or total is q read as an amount. Open invoices first, then the document whose
 * number is q, then the newest; at most `limit` (20).
 */
export async function searchInvoicesToPair(
  db: Db,
  company: MirrorCompany,
  q: string,
  limit = PAIRING_SEARCH_LIMIT,
): Promise<PairableInvoice[]> {
  const search: Search | null = searchOf(q);
  if (search === null) return [];
  const amount = amountOf(q.trim());
  const byAmount =
    amount === null
      ? undefined
      : sql`(${d.amountDue} = ${amount}::numeric or ${d.totalInclVatCurrency} = ${amount}::numeric)`;
  const rows = await db
    .select({ ...columns, open: sql<boolean>`coalesce(${d.amountDue} > 0, false)` })
    .from(d)
    .where(
      and(
        documentsOf(company, 'invoices'),
        notCreditNote,
        byAmount ? sql`(${searchCondition(search)} or ${byAmount})` : searchCondition(search),
      ),
    )
    .orderBy(
      sql`coalesce(${d.amountDue} > 0, false) desc`,
      sql`(${d.documentNumberFolded} collate "C") = ${search.phrase} desc`,
      sql`${d.issueDate} desc nulls last`,
      sql`${d.id} collate "C"`,
    )
    .limit(Math.max(1, Math.min(limit, 100)));
  return rows.map((row) => ({ ...invoiceOf(row, new Map()), open: row.open }));
}

/**
 * One invoice of the company (not a credit note) by its id, as the "pair with another invoice" control chose it: open
 * or not. Null when the company's copy has no such invoice.
 */
export async function invoiceToPair(db: Db, company: MirrorCompany, id: string): Promise<PairableInvoice | null> {
  if (!/^[0-9A-Za-z_-]{1,64}$/.test(id)) return null;
  const [row] = await db
    .select({ ...columns, open: sql<boolean>`coalesce(${d.amountDue} > 0, false)` })
    .from(d)
    .where(and(documentsOf(company, 'invoices'), notCreditNote, sql`${d.id} = ${id}`));
  return row ? { ...invoiceOf(row, new Map()), open: row.open } : null;
}
