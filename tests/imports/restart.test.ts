import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { createImport } from '@/lib/owners/imports/create';
import { queueLines } from '@/lib/owners/imports/queue';
import { workOnImports } from '@/lib/owners/imports/sender';
import { readImport } from '@/lib/owners/imports/view';
import { type DbHandle, openPglite, openPostgres, rowsOf } from '@/lib/platform/db/client';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, postgresUrl } from '../support/databases';
import { rememberSecret } from '../support/log-capture';
import { DIGEST, FAST, importsSandboxDuringTests, JANA, paymentLines, scopeOf } from './fixture';

/**
 * A restarted instance loses nothing: a sender killed between its POST and the answer (a process of its own, killed by
 * its PID once the service has processed the batch) leaves its batch `pending`; the next sender takes it for unknown,
 * confirms its lines by reading back, and sends none of them again. Each payment is recorded once.
 */

const api = importsSandboxDuringTests();
const folders: string[] = [];
const databases: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  if (databases.length > 0) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

/** A database another process can open too: a PostgreSQL database of the test's own, or a PGlite folder. */
async function sharedDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ location: string; open: () => Promise<DbHandle> }> {
  if (kind === 'pglite') {
    const folder = await mkdtemp(join(tmpdir(), 'imports-restart-'));
    folders.push(folder);
    const handle = await openPglite(folder);
    await handle.migrate();
    await handle.close();
    return { location: folder, open: () => openPglite(folder) };
  }
  const name = `addon_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.href);
  await handle.migrate();
  await handle.close();
  return { location: url.href, open: () => openPostgres(url.href) };
}

function startSender(env: Record<string, string>): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'tests/imports/send-in-child.ts'],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe.each(databaseKinds)('a sender killed between its POST and the answer, on %s', (kind) => {
  it('leaves nothing sent twice: the next sender confirms the batch by reading back instead', async () => {
    const tenantId = kind === 'pglite' ? '64001' : '64002';
    const scope = scopeOf(tenantId);
    const shared = await sharedDatabase(kind);
    const accountId = await api.bankAccount(tenantId);
    let importId: string;
    {
      const handle = await shared.open();
      ({ id: importId } = await createImport(handle.db, scope, {
        kind: 'payments',
        fileName: 'vypis.xml',
        digest: DIGEST,
        accountId,
        lines: paymentLines(await api.openInvoices(tenantId), 120, 'kill'),
      }));
      await queueLines(handle.db, scope, importId, 'all-ready');
      // PGlite is one process's: the sender's, while it runs.
      await handle.close();
    }

    // The service processes the first batch and then holds its answer (for a minute: longer than the sender lives).
    api.sandbox.dataApi.setFault(tenantId, { mode: 'timeout-after-processing', delayMs: 60_000, count: 1 });
    const token = rememberSecret(api.sandbox.tokens.issue(tenantId, JANA));
    const child = startSender({
      SENDER_DATABASE: shared.location,
      SENDER_PLUGIN: PLUGIN_ID,
      SENDER_TENANT: tenantId,
      SENDER_SERVICE: api.sandbox.url,
      SENDER_TOKEN: token,
      SENDER_LEASE_SECONDS: '2',
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await vi.waitFor(
      async () => {
        expect(child.exitCode, output).toBeNull();
        expect((await api.paymentsPerExternalId(tenantId, accountId, 'kill')).size).toBe(100);
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(child.kill('SIGKILL')).toBe(true);
    await exited(child);
    expect(output).not.toContain('done');

    const handle = await shared.open();
    try {
      const left = rowsOf<{ outcome: string; sent: boolean; digest: string | null }>(
        await handle.db.execute(sql`
          select outcome, sent_at is not null as sent, body_digest as digest from import_batches
           where import_id = ${importId}::uuid`),
      );
      expect(left).toEqual([{ outcome: 'pending', sent: true, digest: expect.stringMatching(/^[0-9a-f]{64}$/) }]);

      // A new sender (a restarted instance): once the dead one's lease has run out, it settles the batch first.
      const { client, token: ours } = api.client(tenantId);
      const work = () => workOnImports(handle.db, scope, { openClient: async () => client, settings: FAST });
      await vi.waitFor(async () => expect((await work()).status).not.toBe('busy'), { timeout: 10_000, interval: 500 });
      await work();
      await work();
      const detail = (await readImport(handle.db, scope, importId))!;
      expect(detail.lines.map((line) => line.state)).toEqual(Array(120).fill('done'));
      // The batch the dead sender had under way was read back, never sent again: only the rest was posted.
      const posted = api.requestsOf(ours).filter((r) => r.startsWith('POST'));
      expect(posted).toHaveLength(1);
      const counts = await api.paymentsPerExternalId(tenantId, accountId, 'kill');
      expect(counts.size).toBe(120);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const settled = rowsOf<{ outcome: string }>(
        await handle.db.execute(
          sql`select outcome from import_batches where import_id = ${importId}::uuid order by created_at`,
        ),
      );
      expect(settled.map((batch) => batch.outcome)).toEqual(['unknown', 'accepted']);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
