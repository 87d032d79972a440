import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '@/lib/platform/db/client';
import { createDataApiClient } from '@/lib/service/client';
import type { RateBudget } from '@/lib/service/rate/budget';
import { createPostgresBudget } from '@/lib/service/rate/postgres-budget';
import { ARRIVAL_MARGIN_MS } from '@/lib/service/rate/slots';
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
    // And by when each call left, as the calls reported it.
    expect(granted.departures).toHaveLength(9);
    expect(mostInAnyWindow(granted.departures, 1_000)).toBeLessThanOrEqual(3);
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
    const departures: number[] = [];
    const instance = (db: Db) =>
      clientOn(recordingGrants(createPostgresBudget(db), sends, departures).budget, recorder.url);
    const first = instance(database.db);
    const second = instance(other.db);
    await Promise.all(Array.from({ length: 14 }, (_, i) => (i % 2 === 0 ? first : second).invoices.list({ Skip: i })));
    expect(await recorder.arrivals()).toHaveLength(14);
    // Both instances' grants, by the one database clock.
    expect(sends).toHaveLength(14);
    expect(mostInAnyWindow(sends, 1_000)).toBeLessThanOrEqual(3);
    expect(departures).toHaveLength(14);
    expect(mostInAnyWindow(departures, 1_000)).toBeLessThanOrEqual(3);
  });

  it('spaces a call of one instance from when the other’s calls really left, not from their grants', async () => {
    const other = await database.openAnotherInstance();
    const first = createPostgresBudget(database.db);
    const second = createPostgresBudget(other.db);
    const key = 'late-departures-key';
    const grants: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const reservation = await first.reserve(key, 10_000);
      if (!reservation.granted || reservation.waitMs !== 0) throw new Error('not granted now');
      grants.push(reservation.at);
    }
    // The other instance's call, asked for now, plans its slot a second and the margin away.
    const planned = await second.reserve(key, 10_000);
    if (!planned.granted) throw new Error('refused');
    // The first instance's three calls leave 300 ms after their grant (its event loop was busy), and say so.
    await delay(300);
    const departures: number[] = [];
    for (const grantedAt of grants) departures.push((await first.departed(key, grantedAt, 300))!);
    expect(departures).toEqual(grants.map((grantedAt) => grantedAt + 300));

    // On waking, the other instance's call is spaced from those departures, by the one database clock: the 4th call
    // goes a second and the margin after the first of the three left.
    const confirmed = await second.confirm(key, planned.at, 10_000);
    if (!confirmed.granted) throw new Error('refused');
    expect(confirmed.at - Math.min(...departures)).toBeGreaterThanOrEqual(1_000 + ARRIVAL_MARGIN_MS);
  });
});
