import 'server-only';

import type { SearchParams } from '@/lib/base/http/search-params';
import { subtractAmounts } from '@/lib/base/money';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { isImportId } from '@/lib/owners/imports/lines';
import { type ImportDetail, readImport } from '@/lib/owners/imports/view';

/**
 * What every import's page reads the same way, whatever it uploads (a statement's payments, invoices): the company's
 * import of the page's kind, a search parameter's one value, what the last form did, the ready lines' sum per currency, and whether lines are
 * still on their way.
 */

/** The first value of a search parameter. */
export const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A count an address carries: a whole number from 0, else 0. */
export function addressCount(given: string | string[] | undefined): number {
  const count = Number(one(given) ?? '0');
  return Number.isSafeInteger(count) && count >= 0 ? count : 0;
}

/**
 * What the page's last form did, as the address it answered with says (`outcome`, and `count` where it counts
 * lines); null when it names none of the kind's `outcomes`.
 */
export function outcomeOf<O extends string>(
  params: SearchParams,
  outcomes: readonly O[],
): { outcome: O; count: number } | null {
  const outcome = one(params.outcome) as O | undefined;
  return outcome && outcomes.includes(outcome) ? { outcome, count: addressCount(params.count) } : null;
}

/** The company's import of this kind; null for a malformed id, none, or another kind's (the page answers 404). */
export async function importOfKind(
  page: CompanyPage,
  importId: string,
  kind: ImportDetail['kind'],
): Promise<ImportDetail | null> {
  if (!isImportId(importId)) return null;
  const detail = await page.read((db, scope) => readImport(db, scope, importId));
  return detail && detail.kind === kind ? detail : null;
}

/**
 * A kind's page loader: the company's import of the kind (null: the page answers 404), then what the kind's page
 * shows of it (`build`).
 */
export function kindPageLoader<D>(
  kind: ImportDetail['kind'],
  build: (page: CompanyPage, detail: ImportDetail, params: SearchParams) => Promise<D>,
): (page: CompanyPage, importId: string, params: SearchParams) => Promise<D | null> {
  return async (page, importId, params) => {
    const detail = await importOfKind(page, importId, kind);
    return detail ? build(page, detail, params) : null;
  };
}

/** A sum per currency: its amount (exact decimals) and how many lines it adds up. */
export type CurrencySum = { currency: string; amount: string; count: number };

/**
 * The ready lines' amounts summed per currency (exact decimals), in the order the currencies first come; a line
 * without an amount (`amountOf` null) or with one that is not a plain decimal adds nothing.
 */
export function sumReady<L extends { state: string }>(
  lines: readonly L[],
  amountOf: (line: L) => { currency: string; amount: string } | null,
): CurrencySum[] {
  const sums = new Map<string, { amount: string; count: number }>();
  for (const line of lines) {
    if (line.state !== 'ready') continue;
    const money = amountOf(line);
    if (money === null) continue;
    const before = sums.get(money.currency) ?? { amount: '0', count: 0 };
    const amount = subtractAmounts(before.amount, negated(money.amount.trim()));
    if (amount !== null) sums.set(money.currency, { amount, count: before.count + 1 });
  }
  return [...sums].map(([currency, { amount, count }]) => ({ currency, amount, count }));
}

const negated = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/** Lines still on their way (queued or sent) while the import is not stopped: the page refreshes itself. */
export const inProgress = (detail: ImportDetail) =>
  detail.stoppedAt === null && detail.counts.queued + detail.counts.sent > 0;
