import { type Db, openPostgres } from '@/lib/platform/db/client';

import type { Bench } from './harness';

/**
 * A pool on the bench database, migrated, closed on cleanup (as `what`): for a benchmark that fills and reads the
 * database in this process (run with `--conditions=react-server`, as the add-on's modules need).
 */
export async function openMigratedPool(
  bench: Bench,
  { max, what = 'the pool' }: { max?: number; what?: string } = {},
): Promise<Db> {
  const handle = await openPostgres(bench.database.url, max === undefined ? {} : { max });
  bench.cleanup.add(`closed ${what}`, () => handle.close());
  await handle.migrate();
  return handle.db;
}
