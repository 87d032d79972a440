import 'server-only';

import { redirect } from 'next/navigation';

import type { SearchParams } from '@/lib/base/http/search-params';
import { type PaymentAccountRow, paymentAccountsOf } from '@/lib/features/money/queries/accounts';
import {
  invoiceIdsByNumber,
  listPayments,
  type MirroredPayment,
  type PaymentTotals,
  totalsOfPayments,
} from '@/lib/features/money/queries/payments';
import type { PaymentSortParam } from '@/lib/features/money/queries/sort';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { MirrorStatus } from '@/lib/owners/mirror/status';
import { companyPath } from '@/lib/service/records/present';

import { type MoneyDoor, type PaymentsState, paymentsState } from './mirror-state';
import { mirrorPaymentView, parsePaymentView, type PaymentListView } from './payment-view';

export type PaymentsList = {
  payments: MirroredPayment[];
  /** The whole view's count and sums per currency (not the page's). */
  totals: PaymentTotals;
  /** The order applied, for the column headers. */
  sort: PaymentSortParam;
  /** The invoice each paid document's number names, where the company's copy has it: number → id. */
  invoices: Record<string, string>;
};

export type PaymentsPage = {
  view: PaymentListView;
  /** The list's own address, without query. */
  path: string;
  /** This very view's address (the refresh's way back). */
  href: string;
  mirror: MirrorStatus | null;
  state: PaymentsState;
  /** The company's accounts as last mirrored (the filter's choices, the account column's names); null: not known. */
  accounts: PaymentAccountRow[] | null;
  /** Null when nothing was read: the view is invalid, or the copy cannot show the payments (state). */
  list: PaymentsList | null;
};

/**
 * The payments' page of the company its door let in: the view from the URL (blank or repeated parameters redirect
 * to its tidy form first), then, from the company's copy only, the page of payments, the whole view's totals, the
 * accounts' names and the invoices the payments name. An invalid view reads no payments: the form says what is wrong
 * beside each field. A copy that cannot show them says why (PaymentsState).
 */
export async function loadPaymentsPage(company: MoneyDoor, searchParams: SearchParams): Promise<PaymentsPage> {
  const path = companyPath(company.scope.tenantId, 'payments');
  const view = parsePaymentView(searchParams);
  if (view.canonical !== null) redirect(view.canonical ? `${path}?${view.canonical}` : path);
  const search = new URLSearchParams(
    Object.entries(searchParams).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
  );
  const href = search.size > 0 ? `${path}?${search}` : path;

  const { status, payments: state } = await paymentsState(company);
  const shown = { view, path, href, mirror: status, state };
  if (state.state === 'off' || state.state === 'disconnected') return { ...shown, accounts: null, list: null };
  const readAccounts = company.read((db, scope) => paymentAccountsOf(db, mirrorCompanyOf(scope)));
  if (state.state !== 'ready' || !view.ok) return { ...shown, accounts: await readAccounts, list: null };

  const asked = mirrorPaymentView(view);
  // The accounts' names, the page and its totals are read at once: each is its own query.
  const [accounts, list] = await Promise.all([
    readAccounts,
    company.read(async (db, scope) => {
      const mirror = mirrorCompanyOf(scope);
      const [page, totals] = await Promise.all([listPayments(db, mirror, asked), totalsOfPayments(db, mirror, asked)]);
      const invoices = await invoiceIdsByNumber(
        db,
        mirror,
        page.payments.flatMap((payment) => payment.documentNumbers),
      );
      return { payments: page.payments, totals, sort: page.sort, invoices: Object.fromEntries(invoices) };
    }),
  ]);
  return { ...shown, accounts, list };
}
