import 'server-only';

import { addDays, companyToday } from '@/lib/base/calendar';
import { ownSearchParams, type SearchParams } from '@/lib/base/http/search-params';
import {
  type AccountsInPeriod,
  accountsWithPayments,
  type PaymentAccountRow,
  paymentAccountsOf,
} from '@/lib/features/money/queries/accounts';
import { monthOf } from '@/lib/features/money/queries/payments';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { MirrorStatus } from '@/lib/owners/mirror/status';
import { hasControlOrBidi, isoDate } from '@/lib/service/queries';
import { companyPath } from '@/lib/service/records/present';

import { type MoneyDoor, type PaymentsState, paymentsState } from './mirror-state';

/**
 * The accounts' page: the period from the URL (`from` and `to`, days yyyy-MM-dd, both inclusive; without them the
 * company's current month, lib/base/calendar.ts; one alone completes its own month), and each account of the company
 * with its payments' count and sum per currency in the period, each linking to the payments' list filtered by the
 * account and the period. An invalid period is explained beside its field and nothing is read.
 */

export type Period = { from: string; to: string };

export type PeriodView = {
  /** What the form shows: the URL's values, '' when unset. */
  values: { from: string; to: string };
} & ({ ok: true; period: Period } | { ok: false; invalid: ('from' | 'to')[] });

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

const validDay = (value: string) => !hasControlOrBidi(value) && isoDate.safeParse(value).success;

export function parsePeriod(given: SearchParams, today: string): PeriodView {
  const params = ownSearchParams(given);
  const values = { from: first(params.from), to: first(params.to) };
  const from = values.from.trim();
  const to = values.to.trim();
  const invalid: ('from' | 'to')[] = [];
  if (from !== '' && !validDay(values.from)) invalid.push('from');
  if (to !== '' && !validDay(values.to)) invalid.push('to');
  if (invalid.length > 0) return { values, ok: false, invalid };
  const period =
    from === '' && to === '' ? monthOf(today) : { from: from || monthOf(to).from, to: to || monthOf(from).to };
  if (period.from > period.to) return { values, ok: false, invalid: ['to'] };
  return { values, ok: true, period };
}

/** The months before and after a period's first month, and the current one, as periods. */
export function neighbourMonths(period: Period, today: string): { previous: Period; next: Period; current: Period } {
  const start = monthOf(period.from);
  return {
    previous: monthOf(addDays(start.from, -1)),
    next: monthOf(addDays(start.to, 1)),
    current: monthOf(today),
  };
}

/** The payments' list of an account in a period. */
export function accountPaymentsHref(tenantId: string, accountId: string, period: Period): string {
  const query = new URLSearchParams({ AccountId: accountId, PaymentDateFrom: period.from, PaymentDateTo: period.to });
  return `${companyPath(tenantId, 'payments')}?${query}`;
}

export type AccountsPage = {
  path: string;
  href: string;
  today: string;
  view: PeriodView;
  mirror: MirrorStatus | null;
  state: PaymentsState;
  /** The accounts without sums (their payments are not all copied yet, or the view is invalid); null: none mirrored. */
  accounts: PaymentAccountRow[] | null;
  /** Each account with its payments in the period, once the copy is ready and the period valid. */
  sums: AccountsInPeriod | null;
};

export async function loadAccountsPage(
  company: MoneyDoor,
  searchParams: SearchParams,
  now = new Date(),
): Promise<AccountsPage> {
  const path = companyPath(company.scope.tenantId, 'accounts');
  const search = new URLSearchParams(
    Object.entries(searchParams).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
  );
  const href = search.size > 0 ? `${path}?${search}` : path;
  const today = companyToday(now);
  const view = parsePeriod(searchParams, today);
  const { status, payments: state } = await paymentsState(company);
  const shown = { path, href, today, view, mirror: status, state };
  if (state.state === 'off' || state.state === 'disconnected' || !view.ok)
    return { ...shown, accounts: null, sums: null };
  if (state.state !== 'ready') {
    const accounts = await company.read((db, scope) => paymentAccountsOf(db, mirrorCompanyOf(scope)));
    return { ...shown, accounts, sums: null };
  }
  const sums = await company.read((db, scope) => accountsWithPayments(db, mirrorCompanyOf(scope), view.period));
  return { ...shown, accounts: sums.accounts, sums };
}
