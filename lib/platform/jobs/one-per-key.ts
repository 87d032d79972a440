import 'server-only';

import { sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';

/** pg-boss's tables live in a schema of their own beside ours. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Whether another job of the same queue and key is running (active) now. Asked by a job just after pg-boss made
 * it active, so of two jobs of one key made active at once, at least the later one sees the earlier: each fetch
 * commits before its job asks, and a job that did not see the other asked before the other's fetch committed,
 * hence before the other asked. Both may see each other (both step back, and one comes again); never neither.
 */
export async function anotherRunning(db: Db, queue: string, key: string | null, jobId: string): Promise<boolean> {
  const rows = rowsOf<{ running: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from ${sql.identifier(JOBS_SCHEMA)}.job
        where name = ${queue} and coalesce(singleton_key, '') = ${key ?? ''}
          and state = 'active' and id <> ${jobId}::uuid
      ) as running`),
  );
  return rows[0]?.running === true;
}

/** The ids of a key's jobs not finished yet: waiting (created, or retry after a failure) or running (active). */
export async function unfinishedJobs(db: Db, queue: string, key: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from ${sql.identifier(JOBS_SCHEMA)}.job
      where name = ${queue} and singleton_key = ${key} and state in ('created', 'retry', 'active')`),
  );
  return rows.map((row) => row.id);
}
