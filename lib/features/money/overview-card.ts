import 'server-only';

import { companyToday } from '@/lib/base/calendar';
import { type PaymentTotals, receivedThisMonth } from '@/lib/features/money/queries/payments';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { companyPath } from '@/lib/service/records/present';

import { type MoneyDoor, paymentsState } from './mirror-state';

export type ReceivedThisMonthCard = PaymentTotals & {
  /** The month's first and last day (yyyy-MM-dd), in the company's calendar. */
  from: string;
  to: string;
  /** The payments' list of exactly these payments. */
  href: string;
};

/**
 * The overview's card "money received this month": the count and sum per currency of the company's payments dated
 * in its current calendar month (receivedThisMonth, lib/features/money/queries/payments.ts), from its copy only, with
 * the address of those payments' list; null when the copy cannot show the payments (MIRROR_SYNC off, not connected,
 * refused, not read whole yet): the card is then left out.
 */
export async function receivedThisMonthCard(
  company: MoneyDoor,
  now = new Date(),
): Promise<ReceivedThisMonthCard | null> {
  const { payments } = await paymentsState(company);
  if (payments.state !== 'ready') return null;
  const received = await company.read((db, scope) => receivedThisMonth(db, mirrorCompanyOf(scope), companyToday(now)));
  const query = new URLSearchParams({ PaymentDateFrom: received.from, PaymentDateTo: received.to });
  return { ...received, href: `${companyPath(company.scope.tenantId, 'payments')}?${query}` };
}
