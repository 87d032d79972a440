import 'server-only';

/**
 * The session advisory locks the add-on's instances take on PostgreSQL, one key per kind of work that must run alone
 * across them; any constants work, the same in every instance and distinct from one another.
 */
export const ADVISORY_LOCKS = {
  /** Applying the migrations (lib/platform/db/migrate.ts). */
  migrations: 727_001,
  /** Creating the job queues and their schedules (lib/platform/jobs/setup-lock.ts). */
  queueSetup: 727_002,
} as const;

type Session = { query(text: string, values: unknown[]): Promise<unknown> };

/**
 * Runs `work` holding the lock `key` on `session`, a dedicated connection (a session lock belongs to its
 * connection): the other instances wait at the same lock, then run their own `work` after. Released when the work
 * ends, whichever way; a crash releases it by ending the session.
 */
export async function whileLocked<T>(session: Session, key: number, work: () => Promise<T>): Promise<T> {
  await session.query('select pg_advisory_lock($1)', [key]);
  try {
    return await work();
  } finally {
    await session.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
  }
}
