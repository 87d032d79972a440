import 'server-only';

import { mkdirSync } from 'node:fs';

import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

import { migratePglite, migratePostgres } from '@/lib/platform/db/migrate';
import * as schema from '@/lib/platform/db/schema';
import { getEnv } from '@/lib/platform/env';

/** Both drivers (node-postgres and PGlite) behind the one query-builder type the rest of lib/ uses. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`, which the shared type does not say. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A company's key as a raw row names it (the columns of every table of a company's data). */
export type CompanyKeyRecord = { plugin_id: string; tenant_id: string };

/**
 * How another library reaches the same database (the job queue, lib/platform/jobs/): PostgreSQL by its address (it opens a
 * small pool of its own), PGlite by the one client of the process (a second PGlite on the folder would corrupt it).
 * The address may carry a password: never log it.
 */
export type DbDriver = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

export type DbHandle = {
  db: Db;
  driver: DbDriver;
  /** Applies the committed migrations (or those of another folder: tests of a migration). */
  migrate: (folder?: string) => Promise<void>;
  close: () => Promise<void>;
};

/** Opens a real PostgreSQL pool. Several handles on one URL stand in for several instances in tests. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DbHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    driver: { kind: 'postgres', url },
    migrate: (folder) => migratePostgres(pool, folder),
    close: () => pool.end(),
  };
}

/** Opens the embedded database: a folder (created if missing) or `memory://`. */
export async function openPglite(dir: string): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm must be loaded when the database opens (the migrations create it; the mirror's search uses it).
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    driver: { kind: 'pglite', client },
    migrate: (folder) => migratePglite(client, folder),
    close: () => client.close(),
  };
}

/** Opens the configured database and brings its schema up to date. */
async function openDatabase(): Promise<DbHandle> {
  const env = getEnv();
  const handle = env.databaseUrl ? await openPostgres(env.databaseUrl) : await openPglite(env.pgliteDir);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

// One handle per process, kept on globalThis so Next's module reloading in development does not open a second
// PGlite on the same folder. A failed start is forgotten so the next request tries again.
const slot = globalThis as typeof globalThis & { __addonDb?: Promise<DbHandle> };

/** The process's handle, opened and migrated on first use (the job queue needs its driver, not only `db`). */
export function getDbHandle(): Promise<DbHandle> {
  slot.__addonDb ??= openDatabase().catch((error: unknown) => {
    slot.__addonDb = undefined;
    throw error;
  });
  return slot.__addonDb;
}

export function getDb(): Promise<Db> {
  return getDbHandle().then((handle) => handle.db);
}

/** Closes the process's handle (tests, scripts). */
export async function closeDb() {
  const pending = slot.__addonDb;
  slot.__addonDb = undefined;
  if (pending) await (await pending).close();
}
