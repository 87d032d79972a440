import { spawn } from 'node:child_process';
import { once } from 'node:events';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '@/lib/platform/db/client';
import { createDataApiClient } from '@/lib/service/client';
import type { RateBudget } from '@/lib/service/rate/budget';
import { createPostgresBudget } from '@/lib/service/rate/postgres-budget';
import { createTransport } from '@/lib/service/transport';

import { createTestDatabase, databaseKinds, postgresUrl, type TestDatabase } from '../support/databases';
import { mostInAnyWindow, recordingGrants } from '../support/granted-sends';

/**
 * A stand-in data API that only notes each request, in a process of its own. What the tests count is the budget's
 * schedule (recordingGrants): when the requests then arrive depends on the machine's load, which `npm run
 * bench:budget` measures against the sandbox.
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

function clientOn(budget: RateBudget, url: string) {
  return createDataApiClient(
    createTransport({
      baseUrl: url,
      token: 'shared-token',
      budgetKey: 'shared-token-key',
      budget,
      maxQueueWaitMs: 30_000,
    }),
  );
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
    const granted = recordingGrants(createPostgresBudget(database.db));
    const client = clientOn(granted.budget, recorder.url);
    await Promise.all(Array.from({ length: 9 }, (_, i) => client.invoices.list({ Skip: i })));
    expect(await recorder.arrivals()).toHaveLength(9);
    expect(granted.sends).toHaveLength(9);
    expect(mostInAnyWindow(granted.sends, 1_000)).toBeLessThanOrEqual(3);
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
    const sends: number[] = [];
    const instance = (db: Db) => clientOn(recordingGrants(createPostgresBudget(db), sends).budget, recorder.url);
    const first = instance(database.db);
    const second = instance(other.db);
    await Promise.all(Array.from({ length: 14 }, (_, i) => (i % 2 === 0 ? first : second).invoices.list({ Skip: i })));
    expect(await recorder.arrivals()).toHaveLength(14);
    // Both instances' grants, by the one database clock.
    expect(sends).toHaveLength(14);
    expect(mostInAnyWindow(sends, 1_000)).toBeLessThanOrEqual(3);
  });
});
