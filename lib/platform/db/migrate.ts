import 'server-only';

import path from 'node:path';

import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';

import { ADVISORY_LOCKS, whileLocked } from '@/lib/platform/db/advisory-lock';

/** The committed migrations; a test may apply another folder (the ones before a migration, to test that migration). */
const committedMigrations = path.join(process.cwd(), 'drizzle');

/**
 * Applies the committed drizzle-kit migrations on PostgreSQL. Several instances may start at once, so the run
 * holds a session advisory lock on one dedicated connection; the others wait, then find nothing left to apply.
 */
export async function migratePostgres(pool: Pool, migrationsFolder = committedMigrations) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = await pool.connect();
  try {
    await whileLocked(client, ADVISORY_LOCKS.migrations, () => migrate(drizzle(client), { migrationsFolder }));
  } finally {
    client.release();
  }
}

/** PGlite has a single connection in a single process: no lock needed. */
export async function migratePglite(client: PGlite, migrationsFolder = committedMigrations) {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(drizzle(client), { migrationsFolder });
}
