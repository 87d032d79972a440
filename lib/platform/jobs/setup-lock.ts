import 'server-only';

import pg from 'pg';

import { ADVISORY_LOCKS, whileLocked } from '@/lib/platform/db/advisory-lock';
import type { DbDriver } from '@/lib/platform/db/client';

/**
 * Runs the creation of the queues and their schedules alone across the instances of the add-on. pg-boss creates a
 * queue's table and its row without a lock of its own: two instances starting together on a fresh database deadlock
 * there (40P01, caught by tests/deploy/artefact.test.ts), and one of them fails to start. On PostgreSQL the work holds
 * a session advisory lock on a connection of its own (pg-boss's queries go through its pool); the others wait, then
 * find the queues made. PGlite is one process: nothing to wait for.
 */
export async function aloneAcrossInstances<T>(driver: DbDriver, work: () => Promise<T>): Promise<T> {
  if (driver.kind !== 'postgres') return work();
  const client = new pg.Client({ connectionString: driver.url, application_name: 'kros-addon-jobs-setup' });
  await client.connect();
  try {
    return await whileLocked(client, ADVISORY_LOCKS.queueSetup, work);
  } finally {
    await client.end().catch(() => {});
  }
}
