/**
 * Whether a mirrored document credits the partner (a credit note by its type, or a total below zero) is a column of
 * its row, computed by the database by the rule the lists follow (lib/service/records/overdue.ts creditsThePartner),
 * so the overview's and the partners' sums never read the records themselves. Generated: every row has it right,
 * those mirrored before the migration and those a release before it writes during a rolling restart.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { documentRow } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import { rowsOf } from '@/lib/platform/db/client';
import { creditsThePartner, type Payable } from '@/lib/service/records/overdue';
import { expenseSchema } from '@/lib/service/schemas/expense';
import { invoiceSchema } from '@/lib/service/schemas/invoice';

import { PLUGIN_ID } from '../support/broker';
import { createTestDatabase, databaseKinds, type TestDatabase, testDatabaseDuringTests } from '../support/databases';

const MIGRATIONS = path.join(process.cwd(), 'drizzle');
const ADDED_IN = '0016_documents_credit';

/** Records of each kind the rule tells apart, with what creditsThePartner says of them. */
const records: { kind: 'invoices' | 'expenses'; record: Record<string, unknown> }[] = [
  { kind: 'invoices', record: { id: 1, invoiceType: 1, prices: { legislativePrices: { totalPriceInclVat: -50 } } } },
  { kind: 'invoices', record: { id: 2, invoiceType: 1 } },
  { kind: 'invoices', record: { id: 3, invoiceType: 0, prices: { legislativePrices: { totalPriceInclVat: -40 } } } },
  { kind: 'invoices', record: { id: 4, prices: { documentPrices: { totalPriceInclVat: -8 } } } },
  { kind: 'invoices', record: { id: 5, invoiceType: 0, prices: { legislativePrices: { totalPriceInclVat: 120 } } } },
  { kind: 'invoices', record: { id: 6, invoiceType: 2, prices: { legislativePrices: { totalPriceInclVat: 60 } } } },
  { kind: 'invoices', record: { id: 7 } },
  {
    kind: 'invoices',
    // EUR first: a positive EUR total decides even where the document's own is below zero.
    record: {
      id: 8,
      prices: { legislativePrices: { totalPriceInclVat: 5 }, documentPrices: { totalPriceInclVat: -5 } },
    },
  },
  {
    kind: 'expenses',
    record: { id: 'E1', documentType: 17, prices: { legislativePrices: { totalPriceInclVat: 30 } } },
  },
  { kind: 'expenses', record: { id: 'E2', documentType: 0, prices: { legislativePrices: { totalPriceInclVat: 30 } } } },
];

describe.each(databaseKinds)('the column credits_partner (%s)', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const company = { pluginId: PLUGIN_ID, tenantId: '7101' };

  const columnOf = async () =>
    Object.fromEntries(
      rowsOf<{ id: string; credits_partner: boolean }>(
        await database.db.execute(
          sql`select id, credits_partner from mirror_documents where tenant_id = ${company.tenantId}`,
        ),
      ).map((row) => [row.id, row.credits_partner]),
    );

  it('is what creditsThePartner says of each record the sync writes', async () => {
    for (const each of records) {
      const row =
        each.kind === 'invoices'
          ? documentRow('invoices', invoiceSchema.parse(each.record))
          : documentRow('expenses', expenseSchema.parse(each.record));
      await upsertDocuments(database.db, company, [row]);
    }
    const column = await columnOf();
    for (const each of records) {
      expect(column[String(each.record.id)], `record ${String(each.record.id)}`).toBe(
        creditsThePartner((each.kind === 'invoices' ? invoiceSchema : expenseSchema).parse(each.record) as Payable),
      );
    }
    expect(Object.values(column).filter(Boolean)).toHaveLength(5);
  });

  it('is right for a row written by a release that does not know it (a rolling restart)', async () => {
    await database.db.execute(sql`
      insert into mirror_documents (plugin_id, tenant_id, kind, id, total_incl_vat, record)
      values (${company.pluginId}, ${company.tenantId}, 'invoices', 'older-release', -12, '{"invoiceType": 1}')`);
    expect((await columnOf())['older-release']).toBe(true);
  });
});

/** The committed migrations up to, not including, the one that added the column: the schema before it. */
function migrationsBefore(name: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === name);
  expect(at, `${name} in the journal`).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

describe.each(databaseKinds)('the migration that added credits_partner (%s)', (kind) => {
  const before = migrationsBefore(ADDED_IN);
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.dispose();
    rmSync(before, { recursive: true, force: true });
  });

  it('marks the documents mirrored before it by the same rule', async () => {
    database = await createTestDatabase(kind, { migrated: false });
    await database.migrate(before);
    await database.db.execute(sql`
      insert into mirror_documents (plugin_id, tenant_id, kind, id, total_incl_vat, total_incl_vat_currency, record) values
        ('p', '1', 'invoices', 'credit-note', -50, -50, '{"invoiceType": 1}'),
        ('p', '1', 'invoices', 'credit-note-typed-as-text', 50, 50, '{"invoiceType": "1"}'),
        ('p', '1', 'expenses', 'received-credit-note', null, null, '{"documentType": 17}'),
        ('p', '1', 'invoices', 'negative-in-its-currency', null, -8, '{"invoiceType": 0}'),
        ('p', '1', 'invoices', 'regular', 120, 120, '{"invoiceType": 0}'),
        ('p', '1', 'invoices', 'advance', 60, 60, '{"invoiceType": 2}'),
        ('p', '1', 'expenses', 'expense', 30, 30, '{"documentType": 0}')`);

    await database.migrate();

    const rows = rowsOf<{ id: string; credits_partner: boolean }>(
      await database.db.execute(sql`select id, credits_partner from mirror_documents`),
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.credits_partner]))).toEqual({
      advance: false,
      'credit-note': true,
      'credit-note-typed-as-text': true,
      expense: false,
      'negative-in-its-currency': true,
      'received-credit-note': true,
      regular: false,
    });
  });
});
