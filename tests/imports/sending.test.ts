import { setTimeout as pause } from 'node:timers/promises';

import { describe, expect, it } from 'vitest';

import { createImport } from '@/lib/owners/imports/create';
import { queueLines } from '@/lib/owners/imports/queue';
import { workOnImports } from '@/lib/owners/imports/sender';
import { importView, readImport } from '@/lib/owners/imports/view';

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
});
