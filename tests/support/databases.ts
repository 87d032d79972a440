import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

import { type DbHandle, openPglite, openPostgres } from '@/lib/platform/db/client';

/**
 * The databases a suite runs against: always the embedded PGlite, and a real PostgreSQL when TEST_DATABASE_URL
 * (or DATABASE_URL) names a server. Each test database is new and dropped afterwards, so suites never meet.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

export const databaseKinds: ('pglite' | 'postgres')[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = DbHandle & {
  kind: 'pglite' | 'postgres';
  /** Another connection pool on the same database: a second instance of the add-on. */
  openAnotherInstance(): Promise<DbHandle>;
  dispose(): Promise<void>;
};

export async function createTestDatabase(
  kind: 'pglite' | 'postgres',
  /** false: an empty database, for a test that applies migrations itself. */
  { migrated = true }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openPglite('memory://');
    if (migrated) await handle.migrate();
    return {
      ...handle,
      kind,
      openAnotherInstance: () => Promise.reject(new Error('PGlite is one process; it has no second instance.')),
      dispose: handle.close,
    };
  }
  if (!postgresUrl) throw new Error('No PostgreSQL configured for tests.');
  const name = `addon_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.href);
  if (migrated) await handle.migrate();
  const others: DbHandle[] = [];
  return {
    ...handle,
    kind,
    async openAnotherInstance() {
      const other = await openPostgres(url.href);
      others.push(other);
      return other;
    },
    async dispose() {
      await Promise.all([handle.close(), ...others.map((other) => other.close())]);
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The test database of a describe block's tests: created before they run, dropped after them. Its members answer
 * from the tests on, not while the block is being collected.
 */
export function testDatabaseDuringTests(
  kind: 'pglite' | 'postgres',
): Pick<TestDatabase, 'db' | 'driver' | 'kind' | 'openAnotherInstance'> {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.dispose());
  const current = () => {
    if (!database) throw new Error('The test database exists only while the tests run.');
    return database;
  };
  return {
    kind,
    get db() {
      return current().db;
    },
    get driver() {
      return current().driver;
    },
    openAnotherInstance: () => current().openAnotherInstance(),
  };
}
