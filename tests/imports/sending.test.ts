import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as pause } from 'node:timers/promises';

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createImport } from '@/lib/owners/imports/create';
import { reopenRefusedLines } from '@/lib/owners/imports/edit';
import { queueLines, resumeImport } from '@/lib/owners/imports/queue';
import { workOnImports } from '@/lib/owners/imports/sender';
import { importView, readImport } from '@/lib/owners/imports/view';
import { rowsOf } from '@/lib/platform/db/client';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { DIGEST, FAST, importsSandboxDuringTests, paymentLines, scopeOf } from './fixture';

/**
 * The sender against the sandbox, one HTTP outcome at a time: what each answer does to the lines, and that a POST
 * is repeated only when it surely was not processed. Each test has a company of its own.
 */
describe.each(databaseKinds)('sending an import’s lines on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = importsSandboxDuringTests();
  let tenant = kind === 'pglite' ? 41000 : 42000;

  /** A company with an import of `count` queued payment lines, and a client of its own. */
  async function queuedImport(count: number, prefix = 'tx') {
    const tenantId = String((tenant += 1));
    const scope = scopeOf(tenantId);
    const accountId = await api.bankAccount(tenantId);
    const invoices = await api.openInvoices(tenantId);
    const { id } = await createImport(database.db, scope, {
      kind: 'payments',
      fileName: 'vypis.xml',
      digest: DIGEST,
      accountId,
      lines: paymentLines(invoices, count, prefix),
    });
    await queueLines(database.db, scope, id, 'all-ready');
    const { client, token } = api.client(tenantId);
    return { tenantId, scope, accountId, importId: id, client, token };
  }

  const states = async (scope: ReturnType<typeof scopeOf>, importId: string) =>
    (await readImport(database.db, scope, importId))!.lines.map((line) => line.state);

  it('202: sends 250 lines in batches of 100, then confirms them all by reading back one page per 100', async () => {
    const { scope, importId, client, token, tenantId, accountId } = await queuedImport(250);
    const sent = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(sent).toMatchObject({ status: 'worked', posted: 3, confirmed: 0 });
    expect(new Set(await states(scope, importId))).toEqual(new Set(['sent']));
    const view = importView((await readImport(database.db, scope, importId))!);
    expect(view.state).toBe('sending');
    expect(view.lines[0]).toMatchObject({ line: '1', state: 'sent', externalId: 'tx-1', amount: '1.00' });
    expect(view.lines[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(3);

    // The batches are due a check now; the account's payments since the send are read, 100 at a time.
    const checked = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(checked.confirmed).toBe(250);
    expect(new Set(await states(scope, importId))).toEqual(new Set(['done']));
    const reads = api.requestsOf(token).filter((r) => r.startsWith('GET /api/payments'));
    expect(reads.length).toBeLessThanOrEqual(4);
    expect(reads[0]).toContain(`AccountId=${accountId}`);
    expect(reads[0]).toContain('LastModifiedTimestamp=');
    const counts = await api.paymentsPerExternalId(tenantId, accountId, 'tx');
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(250);
    expect(importView((await readImport(database.db, scope, importId))!).state).toBe('done');
  });

  it('timeout after processing: the lines stay sent, are found by reading back, and nothing is sent twice', async () => {
    const { scope, importId, client, token, tenantId, accountId } = await queuedImport(3);
    api.sandbox.dataApi.setFault(tenantId, { mode: 'timeout-after-processing', delayMs: 100, count: 1 });
    const first = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(first.posted).toBe(1);
    expect(await states(scope, importId)).toEqual(['sent', 'sent', 'sent']);
    await pause(2_100);
    const second = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(second).toMatchObject({ confirmed: 3, requeued: 0, posted: 0 });
    expect(await states(scope, importId)).toEqual(['done', 'done', 'done']);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(1);
    expect([...(await api.paymentsPerExternalId(tenantId, accountId, 'tx')).values()]).toEqual([1, 1, 1]);
  });

  it('409: the identical batch within 120 s was sent; its lines are confirmed, not sent again', async () => {
    const { scope, importId, client, token, tenantId, accountId } = await queuedImport(3, 'dup');
    // The same body, sent with the same token a moment before (a sender that died after its POST, say).
    const payloads = (await readImport(database.db, scope, importId))!.lines.map((line) => line.payload!);
    await client.payments.uploadBatch(payloads as never);
    const result = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(result.posted).toBe(1);
    expect(await states(scope, importId)).toEqual(['sent', 'sent', 'sent']);
    await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(await states(scope, importId)).toEqual(['done', 'done', 'done']);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(2);
    expect([...(await api.paymentsPerExternalId(tenantId, accountId, 'dup')).values()]).toEqual([1, 1, 1]);
  });

  it('429: the batch was not processed; it goes again after retry-after, once', async () => {
    const { scope, importId, client, token, tenantId, accountId } = await queuedImport(3, 'busy');
    api.sandbox.dataApi.setFault(tenantId, { mode: 'rate-limited', retryAfterSeconds: 1, count: 1 });
    const result = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(result.posted).toBe(2);
    const posts = api.requestsOf(token).filter((r) => r.startsWith('POST'));
    expect(posts).toHaveLength(2);
    await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(await states(scope, importId)).toEqual(['done', 'done', 'done']);
    expect([...(await api.paymentsPerExternalId(tenantId, accountId, 'busy')).values()]).toEqual([1, 1, 1]);
  });

  it('a 429 asking for longer than the run waits hands the batch to a later run', async () => {
    const { scope, importId, client, tenantId } = await queuedImport(2, 'later');
    api.sandbox.dataApi.setFault(tenantId, { mode: 'rate-limited', retryAfterSeconds: 30, count: 1 });
    const result = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(result).toMatchObject({ posted: 1, sendAgainInSeconds: 30 });
    expect(await states(scope, importId)).toEqual(['queued', 'queued']);
    const batch = (await readImport(database.db, scope, importId))!;
    expect(batch.state).toBe('sending');
  });

  it('refused before it left (nothing listens): the lines wait in the queue and go later, once', async () => {
    const { scope, importId, tenantId, accountId } = await queuedImport(2, 'down');
    const closed = await closedPort();
    const unreachable = api.client(tenantId, { baseUrl: `http://127.0.0.1:${closed}` });
    const first = await workOnImports(database.db, scope, {
      openClient: async () => unreachable.client,
      settings: FAST,
    });
    expect(first).toMatchObject({ posted: 1, sendAgainInSeconds: 0 });
    expect(await states(scope, importId)).toEqual(['queued', 'queued']);
    const { client, token } = api.client(tenantId);
    await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(await states(scope, importId)).toEqual(['done', 'done']);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(1);
    expect([...(await api.paymentsPerExternalId(tenantId, accountId, 'down')).values()]).toEqual([1, 1]);
  });

  it('5xx: its fate unknown, nothing is sent again before the window; not found after it, sent again once', async () => {
    const { scope, importId, client, token, tenantId, accountId } = await queuedImport(3, 'gw');
    api.sandbox.dataApi.setFault(tenantId, { mode: 'server-error', status: 502, count: 1 });
    const first = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(first).toMatchObject({ posted: 1, sendAgainInSeconds: 0 });
    expect(await states(scope, importId)).toEqual(['sent', 'sent', 'sent']);
    // Within the window: read back, not found, and still not sent again.
    const early = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(early).toMatchObject({ posted: 0, confirmed: 0, requeued: 0 });
    expect(await states(scope, importId)).toEqual(['sent', 'sent', 'sent']);
    await pause(2_100);
    // After it: read back once more, still missing, so queued and sent again in the same run.
    const late = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(late).toMatchObject({ requeued: 3, posted: 1 });
    await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(await states(scope, importId)).toEqual(['done', 'done', 'done']);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(2);
    expect([...(await api.paymentsPerExternalId(tenantId, accountId, 'gw')).values()]).toEqual([1, 1, 1]);
  });

  it('a timeout of our own (the request cut before the service took it): sent again only after the window', async () => {
    const { scope, importId, tenantId, accountId } = await queuedImport(2, 'slow');
    const { client, token } = api.client(tenantId, { attemptTimeoutMs: 300 });
    // The sandbox waits before reading the request; our client gives up first, so the batch is never processed.
    api.sandbox.dataApi.setFault(tenantId, { mode: 'slow', delayMs: 800, count: 1 });
    await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(await states(scope, importId)).toEqual(['sent', 'sent']);
    await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(await states(scope, importId)).toEqual(['sent', 'sent']);
    await pause(2_100);
    const late = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(late).toMatchObject({ requeued: 2, posted: 1 });
    await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(await states(scope, importId)).toEqual(['done', 'done']);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(2);
    expect([...(await api.paymentsPerExternalId(tenantId, accountId, 'slow')).values()]).toEqual([1, 1]);
  });

  it('400: the lines its validation result names get its messages; the others go in the next batch', async () => {
    const { scope, importId, client, token, tenantId, accountId } = await queuedImport(3, 'bad');
    api.sandbox.dataApi.setFault(tenantId, { mode: 'upload-refused', items: [1], count: 1 });
    const result = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(result.posted).toBe(2);
    expect(await states(scope, importId)).toEqual(['sent', 'problem', 'sent']);
    const view = importView((await readImport(database.db, scope, importId))!);
    expect(view.lines[1]!.problems).toEqual(['The variable symbol is not valid for this document.']);
    await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(await states(scope, importId)).toEqual(['done', 'problem', 'done']);
    expect(importView((await readImport(database.db, scope, importId))!).state).toBe('problems');
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(2);
    const counts = await api.paymentsPerExternalId(tenantId, accountId, 'bad');
    expect(Object.fromEntries(counts)).toEqual({ 'bad-1': 1, 'bad-3': 1 });
    // Each POST is kept with the lines it carried and what became of it.
    const batches = rowsOf<{ outcome: string; lines: string[]; status: number; refusal: unknown }>(
      await database.db.execute(sql`
        select outcome, lines, status, refusal from import_batches where import_id = ${importId}::uuid
         order by created_at`),
    );
    expect(batches).toEqual([
      {
        outcome: 'refused',
        lines: ['1', '2', '3'],
        status: 400,
        refusal: [
          { field: 'data[1].variableSymbol', messages: ['The variable symbol is not valid for this document.'] },
        ],
      },
      { outcome: 'accepted', lines: ['1', '3'], status: 202, refusal: null },
    ]);

    // Nothing of a refused batch was processed: the line may go again once corrected.
    expect(await reopenRefusedLines(database.db, scope, importId, ['2', '1'])).toEqual(['2']);
    expect(await states(scope, importId)).toEqual(['done', 'ready', 'done']);
  });

  it.each([
    ['unauthorized', 'disconnected'],
    ['payment-required', 'payment-required'],
    ['forbidden', 'forbidden'],
  ] as const)(
    '%s: nothing is processed; the import stops with the reason, and sends once resumed',
    async (mode, reason) => {
      const { scope, importId, client, token, tenantId, accountId } = await queuedImport(2, `stop-${mode}`);
      api.sandbox.dataApi.setFault(tenantId, { mode, count: 1 });
      const result = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
      expect(result.posted).toBe(1);
      const stopped = (await readImport(database.db, scope, importId))!;
      expect(stopped).toMatchObject({ stopReason: reason, state: 'problems' });
      expect(stopped.lines.map((line) => line.state)).toEqual(['queued', 'queued']);
      // A stopped import is not sent.
      expect((await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST })).posted).toBe(
        0,
      );

      expect(await resumeImport(database.db, scope, importId)).toBe(true);
      await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
      await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
      expect(await states(scope, importId)).toEqual(['done', 'done']);
      expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(2);
      expect([...(await api.paymentsPerExternalId(tenantId, accountId, `stop-${mode}`)).values()]).toEqual([1, 1]);
    },
  );

  it('without any working connection: the import stops as disconnected, nothing is sent', async () => {
    const { scope, importId } = await queuedImport(1, 'none');
    const result = await workOnImports(database.db, scope, { settings: FAST });
    expect(result.status).toBe('stopped');
    expect(await readImport(database.db, scope, importId)).toMatchObject({ stopReason: 'disconnected' });
  });
});

/** A port of 127.0.0.1 where nothing listens (a server opened there and closed again). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
