/**
 * The planner's statistics of the mirror's tables are refreshed by a sync that wrote many records
 * (lib/owners/mirror/statistics.ts): the embedded PGlite has no autovacuum, and a PostgreSQL may run without it. With
 * them, a page of a company's payments is read from the date index in order, not by sorting every payment.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { ANALYZE_AFTER_RECORDS } from '@/lib/owners/mirror/statistics';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { type Db, rowsOf } from '@/lib/platform/db/client';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { mirrorSandboxDuringTests } from './mirror-fixture';

const LARGE = '10001';
const SMALL = '10002';

/** What the planner believes the table holds: -1 (PostgreSQL 14 and later) until it was first analyzed. */
async function plannedRows(db: Db, table: string): Promise<number> {
  const rows = rowsOf<{ tuples: number }>(
    await db.execute(sql`select reltuples::float8 as tuples from pg_class where relname = ${table}`),
  );
  return Number(rows[0]?.tuples ?? -1);
}

/** The plan of a first page of payments in an order the list writes (lib/features/money/queries/payments.ts). */
async function planOfFirstPage(
  db: Db,
  company: { pluginId: string; tenantId: string },
  order: 'date' | 'partner' | '-amount' = 'date',
): Promise<string> {
  const first = {
    date: sql``,
    partner: sql`(partner_name_folded collate "C") asc nulls last,`,
    '-amount': sql`amount desc nulls last,`,
  }[order];
  const rows = rowsOf<{ 'QUERY PLAN': string }>(
    await db.execute(sql`
      explain select id from mirror_payments where plugin_id = ${company.pluginId} and tenant_id = ${company.tenantId}
      order by ${first} payment_date desc nulls last, char_length(id) desc nulls last, (id collate "C") desc nulls last
      limit 50`),
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe.each(databaseKinds)('the planner’s statistics after a sync, on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();

  it('a small sync leaves them alone; a large one refreshes them, and a page of payments in each first order comes from an index', async () => {
    api.sandbox.dataApi.setVolume(SMALL, { invoices: 20, expenses: 0, deliveryNotes: 0, payments: 10 });
    await api.connect(database.db, SMALL);
    const small = await syncCompany(database.db, api.company(SMALL), api.client(SMALL).client, 'auto');
    expect(small.read).toBeLessThan(ANALYZE_AFTER_RECORDS);
    expect(await plannedRows(database.db, 'mirror_payments')).toBeLessThan(0);

    api.sandbox.dataApi.setVolume(LARGE, { payments: 2_500, catalogItems: 100 });
    await api.connect(database.db, LARGE);
    const large = await syncCompany(database.db, api.company(LARGE), api.client(LARGE).client, 'auto');
    expect(large.read).toBeGreaterThanOrEqual(ANALYZE_AFTER_RECORDS);
    expect(await plannedRows(database.db, 'mirror_payments')).toBeGreaterThanOrEqual(2_500);
    expect(await plannedRows(database.db, 'mirror_documents')).toBeGreaterThan(2_000);
    expect(await planOfFirstPage(database.db, api.company(LARGE))).toMatch(/Index Scan using mirror_payments_date_idx/);
    // The headers' first clicks, partners from A and the largest amounts first, read their own indexes too.
    expect(await planOfFirstPage(database.db, api.company(LARGE), 'partner')).toMatch(/mirror_payments_partner_idx/);
    expect(await planOfFirstPage(database.db, api.company(LARGE), '-amount')).toMatch(/mirror_payments_amount_idx/);
  }, 240_000);
});
