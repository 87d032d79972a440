/**
 * Whether a mirrored document credits the partner (a credit note by its type, or a total below zero) is a column of
 * its row, written with it by the rule the lists follow (lib/service/records/overdue.ts creditsThePartner), so the
 * overview's and the partners' sums never read the records themselves. The migration that added it marked the
 * documents mirrored before it by the same rule.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { documentRow } from '@/lib/owners/mirror/document-row';
import type { Expense } from '@/lib/service/schemas/expense';
import type { Invoice } from '@/lib/service/schemas/invoice';

import { databaseKinds, postgresUrl } from '../support/databases';

const MIGRATIONS = path.join(process.cwd(), 'drizzle');
const ADDED_IN = '0016_documents_credit';

const invoice = (fields: Record<string, unknown>) =>
  ({ id: 1, documentNumber: 'F1', prices: { legislativePrices: { totalPriceInclVat: 120 } }, ...fields }) as Invoice;

describe('a mirrored document’s row', () => {
  it('says a credit note credits the partner: an invoice of type 1, an expense of type 17', () => {
    expect(documentRow('invoices', invoice({ invoiceType: 1 })).creditsPartner).toBe(true);
    const receivedCreditNote = { id: 'N1', documentType: 17, prices: { legislativePrices: { totalPriceInclVat: 30 } } };
    expect(documentRow('expenses', receivedCreditNote as Expense).creditsPartner).toBe(true);
  });

  it('says a document with a total below zero credits the partner, its type unknown', () => {
    const negative = invoice({ prices: { legislativePrices: { totalPriceInclVat: -40 } } });
    expect(documentRow('invoices', negative).creditsPartner).toBe(true);
  });

  it('says a regular or an advance invoice does not', () => {
    expect(documentRow('invoices', invoice({ invoiceType: 0 })).creditsPartner).toBe(false);
    expect(documentRow('invoices', invoice({ invoiceType: 2 })).creditsPartner).toBe(false);
    expect(documentRow('invoices', invoice({})).creditsPartner).toBe(false);
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

type Raw = { query(text: string): Promise<{ rows: Record<string, unknown>[] }> };

/** A database of the kind with the schema before the migration, then the rest applied; dropped afterwards. */
async function databaseBeforeAndAfter(kind: 'pglite' | 'postgres') {
  const before = migrationsBefore(ADDED_IN);
  if (kind === 'pglite') {
    // As lib/platform/db/client.ts opens it: pg_trgm loaded, which the migrations create.
    const client = await PGlite.create({ extensions: { pg_trgm } });
    return {
      raw: client as Raw,
      migrate: (folder: string) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      before,
      dispose: async () => {
        await client.close();
        rmSync(before, { recursive: true, force: true });
      },
    };
  }
  const name = `addon_test_${Math.random().toString(16).slice(2, 14)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 1 });
  return {
    raw: pool as Raw,
    migrate: (folder: string) => migratePostgres(drizzlePostgres(pool), { migrationsFolder: folder }),
    before,
    dispose: async () => {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(before, { recursive: true, force: true });
    },
  };
}

describe.each(databaseKinds)('the migration that added the column (%s)', (kind) => {
  const opened: { dispose(): Promise<void> }[] = [];
  afterAll(() => Promise.all(opened.map((each) => each.dispose())));

  it('marks the documents mirrored before it by the same rule', async () => {
    const database = await databaseBeforeAndAfter(kind);
    opened.push(database);
    await database.migrate(database.before);
    await database.raw.query(`
      insert into mirror_documents (plugin_id, tenant_id, kind, id, total_incl_vat, total_incl_vat_currency, record) values
        ('p', '1', 'invoices', 'credit-note', -50, -50, '{"invoiceType": 1}'),
        ('p', '1', 'invoices', 'credit-note-typed-as-text', 50, 50, '{"invoiceType": "1"}'),
        ('p', '1', 'expenses', 'received-credit-note', null, null, '{"documentType": 17}'),
        ('p', '1', 'invoices', 'negative-in-its-currency', null, -8, '{"invoiceType": 0}'),
        ('p', '1', 'invoices', 'regular', 120, 120, '{"invoiceType": 0}'),
        ('p', '1', 'invoices', 'advance', 60, 60, '{"invoiceType": 2}'),
        ('p', '1', 'expenses', 'expense', 30, 30, '{"documentType": 0}')`);

    await database.migrate(MIGRATIONS);

    const { rows } = await database.raw.query(
      `select id, credits_partner from mirror_documents order by id collate "C"`,
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
