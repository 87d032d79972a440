import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createImport } from '@/lib/owners/imports/create';
import { queueLines } from '@/lib/owners/imports/queue';
import { workOnImports } from '@/lib/owners/imports/sender';
import { readImport } from '@/lib/owners/imports/view';
import { rowsOf } from '@/lib/platform/db/client';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { DIGEST, FAST, importsSandboxDuringTests, paymentLines, scopeOf } from './fixture';

/**
 * One sender per company at a time, across instances: two senders started together for one company (on PostgreSQL,
 * from two instances' connection pools) agree through the company's lease in the database; only one of them sends.
 * A lease left by a sender that died runs out, and the batch it left before its POST is simply queued again.
 */
describe.each(databaseKinds)('two senders of one company on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = importsSandboxDuringTests();
  let tenant = kind === 'pglite' ? 65000 : 66000;

  async function queuedImport(count: number, prefix: string) {
    const tenantId = String((tenant += 1));
    const scope = scopeOf(tenantId);
    const accountId = await api.bankAccount(tenantId);
    const { id } = await createImport(database.db, scope, {
      kind: 'payments',
      fileName: 'vypis.xml',
      digest: DIGEST,
      accountId,
      lines: paymentLines(await api.openInvoices(tenantId), count, prefix),
    });
    await queueLines(database.db, scope, id, 'all-ready');
    return { tenantId, scope, accountId, importId: id };
  }

  it('racing: only one sends, every line once', async () => {
    const { tenantId, scope, accountId, importId } = await queuedImport(250, 'race');
    const other = kind === 'postgres' ? (await database.openAnotherInstance()).db : database.db;
    const one = api.client(tenantId);
    const two = api.client(tenantId);
    const results = await Promise.all([
      workOnImports(database.db, scope, { openClient: async () => one.client, settings: FAST }),
      workOnImports(other, scope, { openClient: async () => two.client, settings: FAST }),
    ]);
    expect(results.map((r) => r.posted).sort()).toEqual([0, 3]);
    expect(results.map((r) => r.status)).toContain('busy');
    const posts = [one.token, two.token].map((token) => api.requestsOf(token).filter((r) => r.startsWith('POST')));
    expect(posts.map((p) => p.length).sort()).toEqual([0, 3]);

    await workOnImports(database.db, scope, { openClient: async () => one.client, settings: FAST });
    const detail = (await readImport(database.db, scope, importId))!;
    expect(new Set(detail.lines.map((line) => line.state))).toEqual(new Set(['done']));
    const counts = await api.paymentsPerExternalId(tenantId, accountId, 'race');
    expect(counts.size).toBe(250);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('a dead sender’s lease runs out; its batch claimed before the POST left goes back to the queue', async () => {
    const { tenantId, scope, importId } = await queuedImport(3, 'dead');
    // What a sender that died right after claiming leaves: its lease, and a pending batch that never left.
    await database.db.execute(sql`
      insert into import_senders (plugin_id, tenant_id, holder, expires_at)
      values (${PLUGIN_ID}, ${tenantId}, 'dead-sender', now() + interval '1 second')`);
    const [batch] = rowsOf<{ id: string }>(
      await database.db.execute(sql`
        insert into import_batches (import_id, plugin_id, tenant_id, kind, sender, line_count)
        values (${importId}::uuid, ${PLUGIN_ID}, ${tenantId}, 'payments', 'dead-sender', 3) returning id`),
    );
    await database.db.execute(
      sql`update import_lines set batch_id = ${batch!.id}::uuid where import_id = ${importId}::uuid`,
    );
    const { client, token } = api.client(tenantId);
    const work = () => workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect((await work()).status).toBe('busy');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await work()).toMatchObject({ status: 'worked', posted: 1 });
    await work();
    const detail = (await readImport(database.db, scope, importId))!;
    expect(detail.lines.map((line) => line.state)).toEqual(['done', 'done', 'done']);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(1);
    const outcomes = rowsOf<{ outcome: string }>(
      await database.db.execute(sql`
        select outcome from import_batches where import_id = ${importId}::uuid order by created_at`),
    );
    expect(outcomes.map((b) => b.outcome)).toEqual(['not-sent', 'accepted']);
  });
});
