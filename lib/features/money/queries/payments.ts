import 'server-only';

import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { after, DEFAULT_BATCH_SIZE, type Place } from '@/lib/owners/mirror/query/iterate';
import { orderBy, type OrderTerm } from '@/lib/owners/mirror/query/sort';
import { type Decimal, totalsByCurrency } from '@/lib/owners/mirror/query/totals';
import { recordedPaymentFields } from '@/lib/owners/mirror/recorded-payments';
import { documentsOf, paymentsOf } from '@/lib/owners/mirror/rows';
import { searchWordsOf } from '@/lib/owners/mirror/search-text';
import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments, mirrorPayments } from '@/lib/platform/db/schema';

import { type PaymentSort, type PaymentSortKey, type PaymentSortParam, paymentSorts } from './sort';

/**
 * The company's payments as its mirror holds them (`mirror_payments`: what GET /api/payments lists, i.e. only the
 * payments recorded with an account): a page of a view (filters under the interface's names, the search box, the
 * sort), the totals of the whole view (count and sum per currency, summed as numeric by the database), every row of
 * a view for an export (keyset, as the document lists: iterate.ts), the month's received money for the overview,
 * and the invoices the payments name by number. Every query names the company (plugin and tenant). Pure SQL through
 * drizzle: PGlite and PostgreSQL answer alike.
 */

/** The filters of the payments' list, as a valid view gives them (interface names; days yyyy-MM-dd). */
export type PaymentFilters = {
  PaymentDateFrom?: string;
  PaymentDateTo?: string;
  /** The account's id, canonical decimal digits. */
  AccountId?: string;
};

export type PaymentView = {
  /** The search box; blank searches nothing. */
  q?: string;
  /** `date`, `amount` or `partner`, '-' first for descending; else newest first. */
  sort?: string;
  filters?: PaymentFilters;
  /** Page size and offset (totals and exports ignore them). */
  top?: number;
  skip?: number;
};

/** One payment as the lists show it. Amounts are exact decimals as text, never through a float. */
export type MirroredPayment = {
  id: string;
  accountId: string | null;
  /** yyyy-MM-dd */
  paymentDate: string | null;
  amount: Decimal | null;
  currency: string | null;
  variableSymbol: string | null;
  partnerName: string | null;
  /** The counterparty's account, compact. */
  iban: string | null;
  reference: string | null;
  externalId: string | null;
  /** The numbers of the documents it paid, where the record names them. */
  documentNumbers: string[];
};

export type CurrencySum = { currency: string | null; count: number; sum: Decimal };

/** How many payments a view covers and their sum per currency (by currency code; null: none stated, last). */
export type PaymentTotals = { count: number; byCurrency: CurrencySum[] };

/** The largest page a list asks for. */
export const MAX_PAYMENTS_TOP = 100;
const DEFAULT_TOP = 25;

const fields = {
  ...recordedPaymentFields,
  reference: mirrorPayments.reference,
  documentNumbers: mirrorPayments.documentNumbers,
};

const paymentOf = (row: SelectResultFields<typeof fields>): MirroredPayment => ({
  ...row,
  documentNumbers: row.documentNumbers ? row.documentNumbers.split(' ').filter(Boolean) : [],
});

/** `like` treats %, _ and its escape character specially: a word means only its own letters. */
const likeAnywhere = (word: string) => `%${word.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;

/**
 * The words of q as the search text holds them (lib/owners/mirror/search-text.ts folds it), with an amount written
 * the Slovak way ("120,50") read as the search text writes amounts ("120.50").
 */
export function paymentSearchWords(q: string | null | undefined): string[] {
  return searchWordsOf(q).map((word) => (/^[+-]?\d+,\d+$/.test(word) ? word.replace(',', '.') : word));
}

/** The rows a view covers, whatever the page: the company's payments, filtered and searched. */
function viewCondition(company: MirrorCompany, view: PaymentView): { where: SQL; words: string[] } {
  const words = paymentSearchWords(view.q);
  const filters = view.filters ?? {};
  const where = and(
    paymentsOf(company),
    filters.PaymentDateFrom ? gte(mirrorPayments.paymentDate, filters.PaymentDateFrom) : undefined,
    filters.PaymentDateTo ? lte(mirrorPayments.paymentDate, filters.PaymentDateTo) : undefined,
    filters.AccountId ? eq(mirrorPayments.accountId, filters.AccountId) : undefined,
    ...words.map((word) => sql`${mirrorPayments.searchText} like ${likeAnywhere(word)}`),
  )!;
  return { where, words };
}

/**
 * What each key sorts on: the day; the amount (in its own currency: the service gives no rate for a payment); the
 * partner's name folded as the search text is (letter case and diacritics ignored), compared byte by byte, never by
 * the server's locale.
 */
const sortedOn: Record<PaymentSortKey, Omit<OrderTerm, 'descending'>> = {
  date: { value: sql`${mirrorPayments.paymentDate}`, type: 'date' },
  amount: { value: sql`${mirrorPayments.amount}`, type: 'numeric' },
  partner: { value: sql`(${mirrorPayments.partnerNameFolded} collate "C")`, type: 'text' },
};

/**
 * Ties end in a total order, so paging never repeats or skips a payment: newest day first, then the service's id
 * from the highest (numeric ids by length first, so 10 comes after 9).
 */
const TIE_BREAK: OrderTerm[] = [
  { value: sql`${mirrorPayments.paymentDate}`, descending: true, type: 'date' },
  { value: sql`char_length(${mirrorPayments.id})`, descending: true, type: 'integer' },
  { value: sql`(${mirrorPayments.id} collate "C")`, descending: true, type: 'text' },
];

/**
 * The order of a view's rows, the one a page and an export share: with a search, the payments whose variable symbol
 * is exactly what was searched first; then the sort (rows without the value last either way); then the tie-break.
 */
function viewOrder(words: string[], sortParameter: string | undefined): { terms: OrderTerm[]; sort: PaymentSort } {
  const { sort } = paymentSorts.parse(sortParameter);
  const exact: OrderTerm[] =
    words.length === 0
      ? []
      : [
          {
            value: sql`case when ${mirrorPayments.variableSymbol} = ${words.join(' ')} then 0 else 1 end`,
            descending: false,
            type: 'integer',
          },
        ];
  return { terms: [...exact, { ...sortedOn[sort.key], descending: sort.descending }, ...TIE_BREAK], sort };
}

const pageSize = (top: number | undefined) =>
  top === undefined || !Number.isInteger(top) || top < 0 ? DEFAULT_TOP : Math.min(top, MAX_PAYMENTS_TOP);
const offset = (skip: number | undefined) => (skip !== undefined && Number.isInteger(skip) && skip > 0 ? skip : 0);

/** One page of a view of the company's payments, in its order, and the order applied (for the headers' links). */
export async function listPayments(
  db: Db,
  company: MirrorCompany,
  view: PaymentView,
): Promise<{ payments: MirroredPayment[]; sort: PaymentSortParam }> {
  const { where, words } = viewCondition(company, view);
  const { terms, sort } = viewOrder(words, view.sort);
  const rows = await db
    .select(fields)
    .from(mirrorPayments)
    .where(where)
    .orderBy(...orderBy(terms))
    .limit(pageSize(view.top))
    .offset(offset(view.skip));
  return { payments: rows.map(paymentOf), sort: paymentSorts.param(sort) };
}

/** The count and the sums per currency of the rows `where` covers, summed as numeric by the database. */
async function totalsWhere(db: Db, where: SQL): Promise<PaymentTotals> {
  const { all, byCurrency } = await totalsByCurrency(db, mirrorPayments, mirrorPayments.currency, where, {
    sum: mirrorPayments.amount,
  });
  return { count: all.count, byCurrency };
}

/** The totals of everything a view covers (its filters and search, every page). */
export function totalsOfPayments(db: Db, company: MirrorCompany, view: PaymentView): Promise<PaymentTotals> {
  return totalsWhere(db, viewCondition(company, view).where);
}

/** The first and the last day of the month of a day (yyyy-MM-dd), on the calendar. */
export function monthOf(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = day.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/**
 * The overview's "money received this month": how many payments are dated in the month of `today` (the company's
 * day, lib/base/calendar.ts companyToday) and their sum per currency, with the month's first and last day (the
 * payments' list of exactly these is `?PaymentDateFrom={from}&PaymentDateTo={to}`). Every payment the service lists
 * counts: it does not say which were received and which paid out (an outgoing one, where the service writes it
 * negative, lowers the sum).
 */
export async function receivedThisMonth(
  db: Db,
  company: MirrorCompany,
  today: string,
): Promise<PaymentTotals & { from: string; to: string }> {
  const month = monthOf(today);
  const totals = await totalsOfPayments(db, company, {
    filters: { PaymentDateFrom: month.from, PaymentDateTo: month.to },
  });
  return { ...totals, ...month };
}

/**
 * Each account's payments in a period (days inclusive): count and sum per currency, by account id (null: payments
 * without one), and the same over every account. Summed as numeric by the database.
 */
export async function paymentSumsByAccount(
  db: Db,
  company: MirrorCompany,
  period: { from: string; to: string },
): Promise<{ byAccount: Map<string | null, CurrencySum[]>; all: CurrencySum[] }> {
  const currency = sql<string | null>`${mirrorPayments.currency} collate "C"`;
  const account = sql<string | null>`${mirrorPayments.accountId} collate "C"`;
  const rows = await db
    .select({
      everyAccount: sql<boolean>`grouping(${account}) = 1`,
      accountId: account,
      currency,
      count: sql<number>`count(*)::int`,
      sum: sql<string>`coalesce(sum(${mirrorPayments.amount}), 0)::text`,
    })
    .from(mirrorPayments)
    .where(
      and(
        paymentsOf(company),
        gte(mirrorPayments.paymentDate, period.from),
        lte(mirrorPayments.paymentDate, period.to),
      ),
    )
    .groupBy(sql`grouping sets ((${account}, ${currency}), (${currency}))`)
    .orderBy(sql`${currency} asc nulls last`);
  const byAccount = new Map<string | null, CurrencySum[]>();
  const all: CurrencySum[] = [];
  for (const { everyAccount, accountId, currency: code, count, sum } of rows) {
    const each = { currency: code, count, sum };
    if (everyAccount) all.push(each);
    else byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), each]);
  }
  return { byAccount, all };
}

/**
 * The company's mirrored invoices with these numbers, by number (the first id when two share one): a payment's
 * documents link to their pages where the copy holds them.
 */
export async function invoiceIdsByNumber(
  db: Db,
  company: MirrorCompany,
  numbers: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ documentNumber: mirrorDocuments.documentNumber, id: mirrorDocuments.id })
    .from(mirrorDocuments)
    .where(and(documentsOf(company, 'invoices'), inArray(mirrorDocuments.documentNumber, unique)))
    .orderBy(sql`char_length(${mirrorDocuments.id})`, sql`${mirrorDocuments.id} collate "C"`);
  const ids = new Map<string, string>();
  for (const row of rows)
    if (row.documentNumber !== null && !ids.has(row.documentNumber)) ids.set(row.documentNumber, row.id);
  return ids;
}

/**
 * Every payment a view covers (no page), in exactly its list's order, a batch at a time: a read of places (ids and
 * order values) continues after the previous read's last row (a keyset: iterate.ts `after`), then the batch's rows are
 * read by id; nothing stays open between batches, so a slow download holds no connection.
 */
export async function* iteratePayments(
  db: Db,
  company: MirrorCompany,
  view: Omit<PaymentView, 'top' | 'skip'>,
  batchSize = DEFAULT_BATCH_SIZE,
): AsyncGenerator<MirroredPayment[], void, undefined> {
  const { where, words } = viewCondition(company, view);
  const { terms } = viewOrder(words, view.sort);
  const keys = Object.fromEntries(terms.map((term, index) => [`k${index}`, sql<string | null>`(${term.value})::text`]));
  let place: Place | null = null;
  for (;;) {
    const places: { id: string; keys: Record<string, string | null> }[] = await db
      .select({ id: mirrorPayments.id, keys })
      .from(mirrorPayments)
      .where(place ? and(where, after(terms, place)) : where)
      .orderBy(...orderBy(terms))
      .limit(batchSize);
    if (places.length === 0) return;
    const rows = await db
      .select(fields)
      .from(mirrorPayments)
      .where(
        and(
          paymentsOf(company),
          inArray(
            mirrorPayments.id,
            places.map((each) => each.id),
          ),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, paymentOf(row)]));
    // A row deleted between the two reads (a sync's reconcile) is left out.
    yield places.flatMap((each) => (byId.has(each.id) ? [byId.get(each.id)!] : []));
    if (places.length < batchSize) return;
    const last = places[places.length - 1]!.keys;
    place = terms.map((_, index) => last[`k${index}`] ?? null);
  }
}
