import 'server-only';

import type { PGlite, Results } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

// pg-boss wraps its schema creation, migrations and maintenance as one text "BEGIN; …; COMMIT;".
const wholeTransaction = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i;

/** The rows pg-boss reads: those of the last statement that returned columns (a SELECT after SET LOCALs). */
function rowsOfLastResult(results: Results[]): unknown[] {
  const withColumns = results.filter((result) => result.fields.length > 0);
  return (withColumns.at(-1) ?? results.at(-1))?.rows ?? [];
}

/**
 * pg-boss's `db` option over the process's one PGlite client, so the queue lives in the same embedded database.
 * pg-boss sends two kinds of text: single statements with parameters (query), and parameterless text that may
 * hold several statements, which only `exec` runs. A "BEGIN; …; COMMIT;" text runs its body inside
 * `client.transaction`: sent to `exec` as it is, a statement failing midway (a create race: "already exists")
 * would leave PGlite's single session inside an aborted transaction, and every later query of the add-on would
 * fail with 25P02; the transaction holds PGlite's lock and rolls back as a whole.
 */
export function pgliteJobsDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const body = wholeTransaction.exec(text)?.[1];
      const results = body === undefined ? await client.exec(text) : await client.transaction((tx) => tx.exec(body));
      return { rows: rowsOfLastResult(results) };
    },
  };
}
