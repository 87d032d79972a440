import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { openPglite, rowsOf } from '@/lib/platform/db/client';

/**
 * `npm run mirror:purge -- --tenant 10001` erases one company's copy on the add-on's own database, and nothing of
 * any other company; without a company it refuses and changes nothing.
 */
const run = promisify(execFile);
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

async function databaseWithTwoCopies(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'purge-'));
  folders.push(folder);
  const handle = await openPglite(folder);
  await handle.migrate();
  await handle.db.execute(sql`
    insert into mirror_companies (plugin_id, tenant_id, status) values ('sandbox-addon', '10001', 'ready'),
      ('sandbox-addon', '10002', 'ready')`);
  await handle.db.execute(sql`
    insert into mirror_documents (plugin_id, tenant_id, kind, id, document_number, record) values
      ('sandbox-addon', '10001', 'invoices', '1', 'OF1', '{}'::jsonb),
      ('sandbox-addon', '10002', 'invoices', '1', 'OF1', '{}'::jsonb)`);
  await handle.close();
  return folder;
}

async function tenantsIn(folder: string): Promise<string[]> {
  const handle = await openPglite(folder);
  const rows = rowsOf<{ tenant_id: string }>(
    await handle.db.execute(sql`select tenant_id from mirror_documents order by tenant_id`),
  );
  await handle.close();
  return rows.map((row) => row.tenant_id);
}

const purge = (folder: string, args: string[]) =>
  run('npx', ['tsx', '--conditions=react-server', 'scripts/purge-mirror.ts', ...args], {
    env: { ...process.env, PGLITE_DIR: folder, DATABASE_URL: '', PLUGIN_ID: 'sandbox-addon' },
  });

describe('the purge command', () => {
  it('erases the named company’s copy and leaves every other company’s', async () => {
    const folder = await databaseWithTwoCopies();
    const { stdout } = await purge(folder, ['--tenant', '10001']);
    expect(stdout).toContain('Purged the copy of company 10001: 1 document(s).');
    expect(await tenantsIn(folder)).toEqual(['10002']);
  }, 60_000);

  it('refuses without a company, and purges nothing', async () => {
    const folder = await databaseWithTwoCopies();
    await expect(purge(folder, [])).rejects.toMatchObject({ code: 2 });
    expect(await tenantsIn(folder)).toEqual(['10001', '10002']);
  }, 60_000);
});
