import 'server-only';

import { and } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { mirrorPayments } from '@/lib/platform/db/schema';

import type { MirrorCompany } from './company';
import type { PaymentRow } from './payment-row';
import { paymentsOf } from './rows';
import { notListed, replacedColumns, upsertKeyed } from './write-rows';

const replaced = replacedColumns(mirrorPayments, [
  'accountId',
  'paymentDate',
  'amount',
  'currency',
  'variableSymbol',
  'partnerName',
  'partnerNameFolded',
  'iban',
  'reference',
  'externalId',
  'documentNumbers',
  'lastModified',
  'record',
  'searchText',
]);

/** Upserts one page of payments, keyed by the service's id; a row the database refuses is skipped (./write-rows.ts). */
export async function upsertPayments(db: Db, company: MirrorCompany, rows: readonly PaymentRow[]): Promise<void> {
  await upsertKeyed(db, company, 'payments', rows, (row) => row.id, {
    table: mirrorPayments,
    key: mirrorPayments.id,
    replaced,
  });
}

/** Deletes the company's payments whose id the service no longer lists (one statement, the ids as one JSON value). */
export async function deletePaymentsUnlisted(
  db: Db,
  company: MirrorCompany,
  listed: ReadonlySet<string>,
): Promise<number> {
  const deleted = await db
    .delete(mirrorPayments)
    .where(and(paymentsOf(company), notListed(mirrorPayments.id, listed)))
    .returning({ id: mirrorPayments.id });
  return deleted.length;
}
