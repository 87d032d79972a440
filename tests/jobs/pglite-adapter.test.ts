import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pgliteJobsDb } from '@/lib/platform/jobs/pglite-adapter';

/** How pg-boss's statements reach the embedded database. */
describe('the PGlite adapter of the job queue', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create('memory://');
  });
  afterAll(() => client.close());

  it('runs a parameterised statement and answers its rows', async () => {
    const { rows } = await pgliteJobsDb(client).executeSql('select $1::int + 1 as n', [41]);
    expect(rows).toEqual([{ n: 42 }]);
  });

  it('runs several statements in one text and answers the rows of the last one that returns any', async () => {
    const { rows } = await pgliteJobsDb(client).executeSql(
      "BEGIN; SET LOCAL statement_timeout = '30s'; SELECT 'done' as result; COMMIT;",
      [],
    );
    expect(rows).toEqual([{ result: 'done' }]);
  });

  it('rolls a failing BEGIN…COMMIT text back as a whole, and the database stays usable', async () => {
    const db = pgliteJobsDb(client);
    await expect(db.executeSql('BEGIN; CREATE TABLE half_done (x int); SELECT 1 / 0; COMMIT;', [])).rejects.toThrow();
    // Not left inside an aborted transaction (25P02 for every later query), and nothing of the text remains.
    const { rows } = await client.query<{ present: boolean }>("select to_regclass('half_done') is not null as present");
    expect(rows).toEqual([{ present: false }]);
  });
});
