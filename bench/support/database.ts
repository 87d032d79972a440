import { randomBytes } from 'node:crypto';

import pg from 'pg';

/** A throw-away database on the configured server, so a run never meets data of another run or of the tests. */
export type BenchDatabase = {
  name: string;
  url: string;
  /** PIDs of the server processes serving this database's connections (the add-on's pool), for CPU accounting. */
  backendPids(): Promise<number[]>;
  drop(): Promise<void>;
};

/** One statement on a connection of its own, to the server or to a database (`url`); answers the rows. */
export async function queryOnce(
  url: string,
  statement: string,
  values: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  // Bounded, so an unreachable server fails the run quickly instead of hanging it.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  // Hex only: safe to splice into the statement as an identifier.
  const name = `addon_bench_${randomBytes(6).toString('hex')}`;
  await queryOnce(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.href,
    async backendPids() {
      const rows = await queryOnce(serverUrl, 'select pid from pg_stat_activity where datname = $1', [name]);
      return rows.map((row) => Number(row.pid));
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      // `with (force)` ends connections a killed server may have left behind.
      await queryOnce(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
