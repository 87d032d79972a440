import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataApiClient } from '@/lib/service/client';
import { createPostgresBudget } from '@/lib/service/rate/postgres-budget';
import { createTransport } from '@/lib/service/transport';
import type { Db } from '@/lib/db/client';
import { createTestDatabase, databaseKinds, postgresUrl, type TestDatabase } from '../support/databases';

/**
 * A stand-in data API that only notes when each request arrived, by its own clock. It runs in a process of its own:
 * in this one, a busy event loop (PGlite works in-process) would stamp requests late, bunching their times.
 */
const RECORDER = `
  const arrivals = [];
  const server = require('node:http').createServer((req, res) => {
    if (req.url === '/arrivals') return res.writeHead(200).end(JSON.stringify(arrivals.splice(0)));
    arrivals.push(performance.now());
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

async function startArrivalRecorder(): Promise<{ url: string; arrivals(): Promise<number[]>; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', RECORDER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const url = `http://127.0.0.1:${Number(line.toString().trim())}`;
  return {
    url,
    arrivals: async () => (await (await fetch(`${url}/arrivals`)).json()) as number[],
    close: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

function clientOn(db: Db, url: string) {
  return createDataApiClient(
    createTransport({
      baseUrl: url,
      token: 'shared-token',
      budgetKey: 'shared-token-key',
      budget: createPostgresBudget(db),
      maxQueueWaitMs: 30_000,
    }),
  );
}

function mostInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i]! - sorted[j]! >= windowMs) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe.each(databaseKinds)('the rate budget in the database (%s)', (kind) => {
  let database: TestDatabase;
  let recorder: Awaited<ReturnType<typeof startArrivalRecorder>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    recorder = await startArrivalRecorder();
  });
  afterAll(async () => {
    await recorder?.close();
    await database?.dispose();
  });

  it('grants one token at most 3 calls in any second, first come first served', async () => {
    await recorder.arrivals();
    const client = clientOn(database.db, recorder.url);
    await Promise.all(Array.from({ length: 9 }, (_, i) => client.invoices.list({ Skip: i })));
    const arrivals = await recorder.arrivals();
    expect(arrivals).toHaveLength(9);
    expect(mostInAnyWindow(arrivals, 1_000)).toBeLessThanOrEqual(3);
  });

  it('keeps the schedule by the database clock, as epoch milliseconds, and a fingerprint as the key', async () => {
    const budget = createPostgresBudget(database.db);
    const first = await budget.reserve('key-a', 10_000);
    expect(first).toMatchObject({ granted: true, waitMs: 0 });
    await budget.pause('key-a', 3_000);
    const after = await budget.reserve('key-a', 10_000);
    expect(after.granted).toBe(true);
    expect(after.waitMs).toBeGreaterThan(2_500);
    expect(await budget.reserve('key-a', 1_000)).toMatchObject({ granted: false });
  });
});

describe.skipIf(!postgresUrl)('the rate budget shared by two instances on PostgreSQL', () => {
  let database: TestDatabase;
  let recorder: Awaited<ReturnType<typeof startArrivalRecorder>>;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    recorder = await startArrivalRecorder();
  });
  afterAll(async () => {
    await recorder?.close();
    await database?.dispose();
  });

  it('never lets the two together exceed 3 requests per second for one token', async () => {
    const other = await database.openAnotherInstance();
    const first = clientOn(database.db, recorder.url);
    const second = clientOn(other.db, recorder.url);
    await Promise.all(Array.from({ length: 14 }, (_, i) => (i % 2 === 0 ? first : second).invoices.list({ Skip: i })));
    const arrivals = await recorder.arrivals();
    expect(arrivals).toHaveLength(14);
    expect(mostInAnyWindow(arrivals, 1_000)).toBeLessThanOrEqual(3);
  });
});
