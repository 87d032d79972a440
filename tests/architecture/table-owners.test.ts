import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

import * as schema from '@/lib/platform/db/schema';

import { codeOf, sourceFiles } from '../support/source-files';
import { type Table, tablesQueriedIn, type TableUse } from '../support/table-queries';

/**
 * One owner per table (docs/architecture.md): each table of lib/platform/db/schema.ts is queried by one folder of
 * lib/ only; every other module (a job, a page, a route, a script) asks that owner. "Queries" means: imports the
 * table's drizzle object from the schema, or names the table in SQL (tests/support/table-queries.ts). The schema
 * itself only declares the tables; tests/, bench/ and sandbox/ may reach any table. The mirror's tables (the copy of
 * the service's records) are the one exception, for reading only: their owner writes them, and each feature reads its
 * own view of them in its read model (`lib/features/<area>/queries.ts` or `queries/`), beside the owner's query kit.
 */
const owners: Record<string, string> = {
  used_jwt_ids: 'lib/owners/sessions/',
  launch_codes: 'lib/owners/sessions/',
  sessions: 'lib/owners/sessions/',
  access_tokens: 'lib/owners/connections/',
  rate_limits: 'lib/owners/rate-limits/',
  // The service's rate budget, shared by every instance: the service floor keeps it, not an owner of ours.
  data_api_budgets: 'lib/service/rate/',
  consent_requests: 'lib/owners/consent/',
  webhook_events: 'lib/owners/webhooks/',
  mirror_companies: 'lib/owners/mirror/',
  mirror_documents: 'lib/owners/mirror/',
  mirror_reference: 'lib/owners/mirror/',
  mirror_payments: 'lib/owners/mirror/',
  mirror_catalog_items: 'lib/owners/mirror/',
  stock_minimums: 'lib/owners/stock/',
  console_audit: 'lib/owners/audit/',
  ops_launch_counts: 'lib/owners/ops/',
  ops_data_api_usage: 'lib/owners/ops/',
  ops_webhook_refusals: 'lib/owners/ops/',
  imports: 'lib/owners/imports/',
  import_lines: 'lib/owners/imports/',
  import_batches: 'lib/owners/imports/',
  import_senders: 'lib/owners/imports/',
  import_csv_mappings: 'lib/owners/imports/',
};

/** A feature's read model: read-only SQL over the mirror's copy (issue 32: features are slices). */
const FEATURE_READ_MODEL = /^lib\/features\/[^/]+\/(?:queries\.ts$|queries\/)/;

/** The tables features' read models may read (never write): the mirror's copy. Their owner alone writes them. */
const readByFeatures = new Set(
  Object.entries(owners)
    .filter(([, owner]) => owner === 'lib/owners/mirror/')
    .map(([table]) => table),
);

/**
 * How a module oversteps on a table, one entry per use ([] when it keeps the rules): the owner may do anything with
 * its tables; a feature's read model may read the mirror's; anything else may not touch them.
 */
function trespassesOf(table: string, path: string, uses: readonly TableUse[]): string[] {
  if (path.startsWith(owners[table]!)) return [];
  const reads = readByFeatures.has(table) && FEATURE_READ_MODEL.test(path);
  return uses.filter((use) => !reads || use.writes).map((use) => use.how);
}

const tables: Table[] = Object.entries(schema).flatMap(([exportName, value]) =>
  is(value, PgTable) ? [{ exportName, sqlName: getTableName(value) }] : [],
);

const scanned = ['lib', 'app', 'components', 'scripts']
  .flatMap(sourceFiles)
  .filter((path) => path !== 'lib/platform/db/schema.ts');

/** Per table, each module that queries it, with how ("lib/features/upkeep/prune.ts: sql: delete from sessions"). */
const queriedBy = new Map<string, { path: string; uses: TableUse[] }[]>();
for (const path of scanned)
  for (const [table, uses] of tablesQueriedIn(path, tables))
    queriedBy.set(table, [...(queriedBy.get(table) ?? []), { path, uses }]);

describe('every table has one owner, the only code that queries it', () => {
  it('the map names every table of the schema, and nothing else', () => {
    expect(Object.keys(owners).sort()).toEqual(tables.map((table) => table.sqlName).sort());
  });

  for (const [table, owner] of Object.entries(owners)) {
    const rule = readByFeatures.has(table)
      ? `written only by ${owner}, read only by it and features' queries.ts`
      : `queried only by ${owner}`;
    it(`${table} is ${rule}`, () => {
      const modules = queriedBy.get(table) ?? [];
      const outside = modules.flatMap(({ path, uses }) => {
        const trespasses = trespassesOf(table, path, uses);
        return trespasses.length === 0 ? [] : [`${path}: ${[...new Set(trespasses)].join(', ')}`];
      });
      expect(outside, `${table} is reached outside what ${owner} allows; ask the owner instead`).toEqual([]);
      // The check is not blind: it sees the owner's own queries, and the mirror's owner writing its tables.
      const owned = modules.filter(({ path }) => path.startsWith(owner));
      expect(owned.length).toBeGreaterThan(0);
      if (readByFeatures.has(table)) expect(owned.some(({ uses }) => uses.some((use) => use.writes))).toBe(true);
    });
  }

  it("the features' read models are seen reading the mirror's copy", () => {
    const readers = [...readByFeatures].flatMap((table) =>
      (queriedBy.get(table) ?? []).filter(({ path }) => FEATURE_READ_MODEL.test(path)),
    );
    expect(readers.length).toBeGreaterThan(0);
  });

  // The owners sit above lib/service/ (the floors' lint holds it too): the service knows a token in hand, never where
  // or for whom it is stored.
  it('lib/service/ asks no owner: it knows a token in hand, never a stored connection', () => {
    const service = scanned.filter((path) => path.startsWith('lib/service/'));
    expect(service.filter((path) => /from '@\/lib\/owners\//.test(codeOf(path)))).toEqual([]);
  });
});

describe('what counts as querying a table', () => {
  const queried = (source: string, path = 'lib/features/example.ts') => [
    ...tablesQueriedIn(path, tables, source).keys(),
  ];
  /** Per table the module reaches, whether it writes it. */
  const writes = (source: string, path = 'lib/features/example.ts') =>
    Object.fromEntries(
      [...tablesQueriedIn(path, tables, source)].map(([table, uses]) => [table, uses.some((use) => use.writes)]),
    );

  it('importing its drizzle object from the schema, by name, under another name or through a namespace', () => {
    expect(queried(`import { sessions } from '@/lib/platform/db/schema';`)).toEqual(['sessions']);
    expect(queried(`import { launchCodes as codes } from '@/lib/platform/db/schema';`)).toEqual(['launch_codes']);
    expect(queried(`import * as s from '@/lib/platform/db/schema'; s.webhookEvents;`)).toEqual(['webhook_events']);
    expect(queried(`import { usedJwtIds } from './schema';`, 'lib/platform/db/other.ts')).toEqual(['used_jwt_ids']);
    expect(queried(`db.query.consoleAudit.findMany();`)).toEqual(['console_audit']);
    expect(queried(`export { sessions as s } from '@/lib/platform/db/schema';`)).toEqual(['sessions']);
  });

  it('naming it in SQL, in a sql template or a string', () => {
    expect(queried('sql`delete from sessions where expires_at < now()`')).toEqual(['sessions']);
    expect(queried('sql`select 1 from access_tokens a join sessions s on ${on}`')).toEqual([
      'access_tokens',
      'sessions',
    ]);
    expect(queried(`const statement = 'INSERT INTO "rate_limits" (key) values ($1)';`)).toEqual(['rate_limits']);
    expect(queried('sql`update mirror_companies set status = ${status}`')).toEqual(['mirror_companies']);
  });

  it('not a row type, a comment, a word of a text, or a name that only begins like a table', () => {
    expect(queried(`import type { SessionRow } from '@/lib/platform/db/schema';`)).toEqual([]);
    expect(queried(`// delete from sessions\n/* select * from launch_codes */ const a = 1;`)).toEqual([]);
    expect(queried(`const text = 'Your sessions have ended';`)).toEqual([]);
    expect(queried(`const page = <p>Signed out from sessions</p>;`, 'app/example.tsx')).toEqual([]);
    expect(queried('sql`select 1 from sessions_archive`')).toEqual([]);
  });

  it("writing: drizzle's insert, update and delete, under any name it is bound to, and SQL that changes rows", () => {
    const schema = `import { sessions, mirrorDocuments as docs } from '@/lib/platform/db/schema';`;
    expect(writes(`${schema} db.select().from(sessions).innerJoin(docs, on);`)).toEqual({
      sessions: false,
      mirror_documents: false,
    });
    expect(writes(`${schema} await db.insert(sessions).values(row);`)).toMatchObject({ sessions: true });
    expect(writes(`${schema} await tx.update(docs).set(values);`)).toMatchObject({ mirror_documents: true });
    expect(writes(`${schema} const d = docs; await db.delete(d).where(gone);`)).toMatchObject({
      mirror_documents: true,
    });
    expect(writes(`import * as s from '@/lib/platform/db/schema'; db.delete(s.sessions);`)).toEqual({
      sessions: true,
    });
    for (const statement of [
      'insert into sessions (id) values (1)',
      'update sessions set id = 1',
      'delete from sessions',
      'truncate sessions',
      'alter table sessions add column x int',
    ])
      expect(writes(`sql\`${statement}\``), statement).toEqual({ sessions: true });
    expect(writes('sql`select 1 from sessions s join mirror_payments p on true`')).toEqual({
      sessions: false,
      mirror_payments: false,
    });
  });
});

describe("the mirror's tables: written by their owner, read by it and by features' read models", () => {
  const trespasses = (path: string, source: string) =>
    [...tablesQueriedIn(path, tables, source)].flatMap(([table, uses]) => trespassesOf(table, path, uses));
  const reading = `import { mirrorDocuments } from '@/lib/platform/db/schema';
    export const rows = (db) => db.select().from(mirrorDocuments);`;

  it("a feature's queries.ts (or queries/) may read them", () => {
    expect(trespasses('lib/features/partners/queries.ts', reading)).toEqual([]);
    expect(trespasses('lib/features/stock/queries/stock.ts', 'sql`select 1 from mirror_catalog_items`')).toEqual([]);
  });

  it("a feature's queries.ts may not write them: a drizzle write or SQL is refused", () => {
    expect(
      trespasses(
        'lib/features/partners/queries.ts',
        `${reading}\nexport const wipe = (db) => db.delete(mirrorDocuments);`,
      ),
    ).toEqual(['writes .delete(mirrorDocuments)']);
    expect(trespasses('lib/features/money/queries/payments.ts', 'sql`update mirror_payments set amount = 0`')).toEqual([
      'sql: update mirror_payments',
    ]);
  });

  it('any other file of a feature may not even read them', () => {
    expect(trespasses('lib/features/partners/pages.ts', reading)).toEqual(['imports mirrorDocuments']);
    expect(trespasses('lib/features/money/queries-helper.ts', 'sql`select 1 from mirror_payments`')).toEqual([
      'sql: from mirror_payments',
    ]);
    expect(trespasses('lib/owners/imports/lines.ts', reading)).toEqual(['imports mirrorDocuments']);
  });

  it("their owner may write them; every other table stays its own owner's, read models or not", () => {
    expect(trespasses('lib/owners/mirror/sync.ts', 'sql`insert into mirror_documents (id) values (1)`')).toEqual([]);
    expect(trespasses('lib/features/partners/queries.ts', 'sql`select 1 from sessions`')).toEqual([
      'sql: from sessions',
    ]);
  });
});
