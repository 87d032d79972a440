import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

import * as schema from '@/lib/platform/db/schema';

import { codeOf, sourceFiles } from '../support/source-files';
import { type Table, tablesQueriedIn } from '../support/table-queries';

/**
 * One owner per table (docs/architecture.md): each table of lib/platform/db/schema.ts is queried by one folder of
 * lib/ only; every other module (a job, a page, a route, a script) asks that owner. "Queries" means: imports the
 * table's drizzle object from the schema, or names the table in SQL (tests/support/table-queries.ts). The schema
 * itself only declares the tables; tests/, bench/ and sandbox/ may reach any table.
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

const tables: Table[] = Object.entries(schema).flatMap(([exportName, value]) =>
  is(value, PgTable) ? [{ exportName, sqlName: getTableName(value) }] : [],
);

const scanned = ['lib', 'app', 'components', 'scripts']
  .flatMap(sourceFiles)
  .filter((path) => path !== 'lib/platform/db/schema.ts');

/** Per table, each module that queries it, with how ("lib/features/upkeep/prune.ts: sql: delete from sessions"). */
const queriedBy = new Map<string, { path: string; how: string[] }[]>();
for (const path of scanned)
  for (const [table, how] of tablesQueriedIn(path, tables))
    queriedBy.set(table, [...(queriedBy.get(table) ?? []), { path, how }]);

describe('every table has one owner, the only code that queries it', () => {
  it('the map names every table of the schema, and nothing else', () => {
    expect(Object.keys(owners).sort()).toEqual(tables.map((table) => table.sqlName).sort());
  });

  for (const [table, owner] of Object.entries(owners)) {
    it(`${table} is queried only by ${owner}`, () => {
      const modules = queriedBy.get(table) ?? [];
      const outside = modules
        .filter(({ path }) => !path.startsWith(owner))
        .map(({ path, how }) => `${path}: ${[...new Set(how)].join(', ')}`);
      expect(outside, `${table} is queried outside ${owner}; ask the owner instead`).toEqual([]);
      // The check is not blind: it sees the owner's own queries.
      expect(modules.some(({ path }) => path.startsWith(owner))).toBe(true);
    });
  }

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
});
