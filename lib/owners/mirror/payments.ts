import 'server-only';

import { and, sql } from 'drizzle-orm';

import type { Db } from '@/lib/platform/db/client';
import { mirrorPayments } from '@/lib/platform/db/schema';

import type { MirrorCompany } from './company';
import type { PaymentRow } from './payment-row';
import { paymentsOf } from './rows';
import { replacedColumns, writeRows } from './write-rows';

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
  await writeRows(
    db,
    company,
    'payments',
    rows,
    (row) => row.id,
    (savepoint, page) =>
      savepoint
        .insert(mirrorPayments)
        .values(page.map((row) => ({ ...row, ...company })))
        .onConflictDoUpdate({
          target: [mirrorPayments.pluginId, mirrorPayments.tenantId, mirrorPayments.id],
          set: { ...replaced, syncedAt: sql`now()` },
        }),
  );
}

/** Deletes the company's payments whose id the service no longer lists (one statement, the ids as one JSON value). */
export async function deletePaymentsUnlisted(
  db: Db,
  company: MirrorCompany,
  listed: ReadonlySet<string>,
): Promise<number> {
  const ids = JSON.stringify([...listed]);
  const deleted = await db
    .delete(mirrorPayments)
    .where(and(paymentsOf(company), sql`${mirrorPayments.id} not in (select jsonb_array_elements_text(${ids}::jsonb))`))
    .returning({ id: mirrorPayments.id });
  return deleted.length;
}
