import { addDays, calendarDay } from '@/lib/base/calendar';
import { addAmounts, type Amount } from '@/lib/base/money';
import type { DataApiClient } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';
import { eurAmountLeftToPay } from '@/lib/service/records/left-to-pay';
import { creditsThePartner } from '@/lib/service/records/overdue';
import type { Expense } from '@/lib/service/schemas/expense';
import type { Invoice } from '@/lib/service/schemas/invoice';

import { listOrEmpty } from './list-or-empty';

/**
 * The overview's figures, computed from the lists the interface offers: it has no totals and no counts, so the
 * unpaid documents are read page by page (Top=100, Skip += 100, until a short page) and summed here. Overdue is
 * derived from the same pass (due before the company's today), not asked for again.
 */

export const OVERVIEW_PAGE_SIZE = 100;
/** A company with more unpaid documents than this gets totals "of the first N" rather than a minute of calls. */
export const OVERVIEW_MAX_PAGES = 20;
export const LATEST_COUNT = 5;
export const LATEST_WINDOW_DAYS = 60;

type Priced = Pick<Invoice, 'prices' | 'dueDate' | 'invoiceType'> & {
  documentType?: number | null;
  paymentStatus?: number | null;
  sumForPayment?: Amount | null;
  sumOfPayments?: Amount | null;
};

export type Total = {
  count: number;
  /** Sum of what is left to pay in EUR (left-to-pay.ts), exact; credit notes are already negative. */
  eur: Amount;
  /** Documents counted without an amount left to pay in EUR (it cannot be said); their sum is not in `eur`. */
  withoutAmount: number;
};

export type UnpaidSummary = { unpaid: Total; overdue: Total; complete: boolean };

export type Paged<T> = { records: T[]; complete: boolean };

/**
 * Reads a list to its end: pages of `pageSize` until one comes back short, at most `maxPages`. When the page's
 * deadline ends the paging after the first page, what was read stands, marked incomplete ("of the first N").
 */
export async function readAllPages<T>(
  fetchPage: (skip: number, top: number) => Promise<T[]>,
  { pageSize = OVERVIEW_PAGE_SIZE, maxPages = OVERVIEW_MAX_PAGES } = {},
): Promise<Paged<T>> {
  const records: T[] = [];
  for (let page = 0; page < maxPages; page += 1) {
    let batch: T[];
    try {
      batch = await fetchPage(page * pageSize, pageSize);
    } catch (error) {
      if (page > 0 && isDataApiError(error) && error.deadlineExceeded) return { records, complete: false };
      throw error;
    }
    records.push(...batch);
    if (batch.length < pageSize) return { records, complete: true };
  }
  return { records, complete: false };
}

/** The EUR amount of a document: legislative prices, or the document's own when its currency is the euro. */
export function eurTotal(record: Priced): Amount | null {
  const prices = record.prices;
  const legislative = prices?.legislativePrices?.totalPriceInclVat;
  if (legislative !== null && legislative !== undefined) return legislative;
  const own = prices?.documentPrices?.totalPriceInclVat;
  if (prices?.currency?.toUpperCase() === 'EUR' && own !== null && own !== undefined) return own;
  return null;
}

const emptyTotal = (): Total => ({ count: 0, eur: '0' as Amount, withoutAmount: 0 });

function add(total: Total, amount: Amount | null): void {
  total.count += 1;
  if (amount === null) total.withoutAmount += 1;
  else total.eur = addAmounts(total.eur, amount)!;
}

/** Whether a document is past its due day: due strictly before today (the due day itself is still in time). */
export function isPastDue(dueDate: string | null | undefined, today: string): boolean {
  const due = calendarDay(dueDate);
  return due !== null && due < today;
}

/**
 * Unpaid and, of those, overdue: counts and EUR totals in one pass over the unpaid listing. A credit note counts
 * among the unpaid (it lowers what is owed) but is never overdue (creditsThePartner).
 */
export function summarizeUnpaid(records: readonly Priced[], today: string, complete = true): UnpaidSummary {
  const unpaid = emptyTotal();
  const overdue = emptyTotal();
  for (const record of records) {
    // What is left to pay, by the partners' rule (left-to-pay.ts), as the overview from the copy sums it.
    const amount = eurAmountLeftToPay(record);
    add(unpaid, amount);
    if (isPastDue(record.dueDate, today) && !creditsThePartner(record)) add(overdue, amount);
  }
  return { unpaid, overdue, complete };
}

type Dated = { id: string | number; issueDate?: string | null };

/** Newest first by issue day, then by id (the API's order is not documented, so it is never relied on). */
export function newestFirst<T extends Dated>(records: readonly T[]): T[] {
  const compareIds = (a: T['id'], b: T['id']) =>
    typeof a === 'number' && typeof b === 'number' ? b - a : String(b).localeCompare(String(a));
  return [...records].sort((a, b) => {
    const dayA = calendarDay(a.issueDate) ?? '';
    const dayB = calendarDay(b.issueDate) ?? '';
    return dayA === dayB ? compareIds(a.id, b.id) : dayA < dayB ? 1 : -1;
  });
}

export type Overview = {
  invoices: UnpaidSummary;
  expenses: UnpaidSummary;
  latestInvoices: Invoice[];
  latestExpenses: Expense[];
  /** When the figures were read (they are kept for a minute). */
  computedAt: string;
  /** Where they were read: the company's copy (as fresh as its last sync) or the service's lists just now. */
  from: 'mirror' | 'service';
  today: string;
};

/**
 * Everything the overview shows, from the data API. The four reads run side by side; the client's shared budget
 * spaces them to the service's rate limit. "Latest" lists the last 60 days: the API's order is undocumented, so the
 * window is read whole (it is usually one page) and sorted here.
 */
export async function loadOverview(client: DataApiClient, now: Date, today: string): Promise<Overview> {
  const since = addDays(today, -LATEST_WINDOW_DAYS);
  const [unpaidInvoices, unpaidExpenses, recentInvoices, recentExpenses] = await Promise.all([
    readAllPages((skip, top) => listOrEmpty(client.invoices.list({ PaymentStatus: '0', Top: top, Skip: skip }))),
    readAllPages((skip, top) => listOrEmpty(client.expenses.list({ PaymentStatus: '0', Top: top, Skip: skip }))),
    readAllPages((skip, top) => listOrEmpty(client.invoices.list({ IssueDateFrom: since, Top: top, Skip: skip })), {
      maxPages: 5,
    }),
    readAllPages((skip, top) => listOrEmpty(client.expenses.list({ IssueDateFrom: since, Top: top, Skip: skip })), {
      maxPages: 5,
    }),
  ]);
  return {
    invoices: summarizeUnpaid(unpaidInvoices.records, today, unpaidInvoices.complete),
    expenses: summarizeUnpaid(unpaidExpenses.records, today, unpaidExpenses.complete),
    latestInvoices: newestFirst(recentInvoices.records).slice(0, LATEST_COUNT),
    latestExpenses: newestFirst(recentExpenses.records).slice(0, LATEST_COUNT),
    computedAt: now.toISOString(),
    from: 'service',
    today,
  };
}
