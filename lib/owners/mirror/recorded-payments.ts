import 'server-only';

import { and, eq, inArray } from 'drizzle-orm';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import { mirrorPayments } from '@/lib/platform/db/schema';

/**
 * The company's payments in its copy on the given days, with what tells whether a statement's line is one of them
 * (lib/base/imports/same-payment.ts): an import's "probably already recorded" check reads them. Ordered by id, so the
 * same copy answers in the same order. Its reader is an owner (lib/owners/imports/), which may not ask a feature:
 * so this read stays with the mirror's owner rather than in the money area's read model.
 */
export type RecordedPayment = Pick<
  typeof mirrorPayments.$inferSelect,
  'id' | 'accountId' | 'paymentDate' | 'amount' | 'currency' | 'variableSymbol' | 'partnerName' | 'iban' | 'externalId'
>;

/** The columns of a recorded payment: the money area's read model (lib/features/money/queries/payments.ts) adds its own. */
export const recordedPaymentFields = {
  id: mirrorPayments.id,
  accountId: mirrorPayments.accountId,
  paymentDate: mirrorPayments.paymentDate,
  amount: mirrorPayments.amount,
  currency: mirrorPayments.currency,
  variableSymbol: mirrorPayments.variableSymbol,
  partnerName: mirrorPayments.partnerName,
  iban: mirrorPayments.iban,
  externalId: mirrorPayments.externalId,
} satisfies Record<keyof RecordedPayment, unknown>;

/** At most this many days per query (a statement spans a month or so; a longer one is read in several). */
const DAYS_PER_QUERY = 500;

export async function recordedPaymentsOn(
  db: Db,
  company: MirrorCompany,
  days: readonly string[],
): Promise<RecordedPayment[]> {
  const unique = [...new Set(days)];
  const found: RecordedPayment[] = [];
  for (let start = 0; start < unique.length; start += DAYS_PER_QUERY) {
    const rows = await db
      .select(recordedPaymentFields)
      .from(mirrorPayments)
      .where(
        and(
          eq(mirrorPayments.pluginId, company.pluginId),
          eq(mirrorPayments.tenantId, company.tenantId),
          inArray(mirrorPayments.paymentDate, unique.slice(start, start + DAYS_PER_QUERY)),
        ),
      )
      .orderBy(mirrorPayments.id);
    found.push(...rows);
  }
  return found;
}
