import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

import { createSandbox, type Sandbox } from '../../sandbox/app';
import { freeLoopbackPort } from '../e2e/support/ports';
import { launchSession, startSlowDelivery } from './artefact-requests';
import { copyArtefact, type RunningArtefact, startArtefact, waitFor } from './artefact-run';

/**
 * The deployable artefact (`npm run build`: Next's standalone output with the static files and the migrations),
 * copied out of the repository and started as an operator starts it, `node server.js`: it must carry everything it
 * loads, and stop on SIGTERM in order (lib/startup/startup.ts): the requests in flight answered, a running job
 * handed back, then exit 0.
 */

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

let artefact: ReturnType<typeof copyArtefact>;
let sandbox: Sandbox;
let port: number;
const started: RunningArtefact[] = [];

async function start(config: { databaseUrl?: string; pgliteDir?: string; port?: number; metricsToken?: string }) {
  const running = await startArtefact(artefact.dir, { port, sandboxUrl: sandbox.url, ...config });
  started.push(running);
  return running;
}

/** SIGTERM with a request in flight: the request is answered, then the process exits 0 by itself. */
async function stopWithRequestInFlight(running: RunningArtefact) {
  const slow = await startSlowDelivery(running.url);
  running.terminate();
  // The signal was taken while the request waits for the rest of its body.
  expect(await waitFor(() => running.output().includes('stopping: draining'), 10_000)).toBe(true);
  const answer = await slow.finish();
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toEqual({ stored: 0, skipped: 0 });
  // Exit 0: everything stopped within the bound (past it the process exits 1).
  const exit = await running.exited;
  expect(exit, running.output()).toMatchObject({ code: 0, signal: null });
  expect(exit.at).toBeGreaterThanOrEqual(answer.at);
  expect(running.output()).toContain('"msg":"stopped"');
}

beforeAll(async () => {
  artefact = copyArtefact();
  port = await freeLoopbackPort();
  sandbox = await createSandbox({
    port: 0,
    addonUrl: `http://127.0.0.1:${port}`,
    pluginId: sandboxDefaults.pluginId,
    apiKey: sandboxDefaults.pluginApiKey,
  });
});

// Whatever a failed test left running is stopped before the next one needs the port.
afterEach(async () => {
  const left = started.splice(0);
  for (const running of left) running.kill();
  await Promise.all(left.map((running) => running.exited));
});

afterAll(async () => {
  await sandbox?.close();
  artefact?.remove();
});

describe('the artefact, copied out of the repository', () => {
  it(
    'starts on PGlite and serves its health, a static file of the build, pages, exports, charts and metrics',
    {
      timeout: 240_000,
    },
    async () => {
      const metricsToken = randomBytes(24).toString('hex');
      const running = await start({ pgliteDir: path.join(artefact.dir, '..', 'pglite'), metricsToken });
      expect(await (await fetch(`${running.url}/api/health`)).json()).toEqual({ status: 'ok' });

      const chunk = readdirSync(path.join(artefact.dir, '.next', 'static', 'chunks')).find((name) =>
        name.endsWith('.js'),
      );
      const script = await fetch(`${running.url}/_next/static/chunks/${chunk}`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toContain('javascript');

      // Without a session: the page that says a launch from the service is needed.
      const home = await fetch(`${running.url}/`);
      expect(home.status).toBe(401);
      expect(home.headers.get('content-type')).toContain('text/html');

      const cookie = await launchSession(sandbox.url, 'jana.novakova@example.sk', ['10001']);
      // The overview's charts (drawn by echarts on the server) come once the company's first sync, a job the first
      // view asks for, has copied its documents.
      const chartsDrawn = async () => {
        const overview = await fetch(`${running.url}/companies/10001`, { headers: { cookie } });
        return overview.status === 200 && (await overview.text()).includes('<svg');
      };
      expect(await waitFor(chartsDrawn, 120_000)).toBe(true);
      // The invoices' XLSX export (exceljs), once the copy has every invoice (409 until then).
      let xlsx = Buffer.alloc(0);
      const exported = async () => {
        const answer = await fetch(`${running.url}/companies/10001/invoices/export.xlsx`, { headers: { cookie } });
        xlsx = Buffer.from(await answer.arrayBuffer());
        return answer.status === 200;
      };
      expect(await waitFor(exported, 120_000)).toBe(true);
      expect(xlsx.subarray(0, 2).toString()).toBe('PK'); // a zip, as XLSX is

      // An uploaded statement is read in the import reader's worker thread, whose code the build bundled beside
      // Next's output (.next/import-reader/): a picture is refused by the reader itself, not by a missing worker (500).
      const upload = new FormData();
      upload.set('statement', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0, 1, 2, 3])], 'x.png'));
      const refused = await fetch(`${running.url}/companies/10001/payments/import`, {
        method: 'POST',
        headers: { cookie },
        body: upload,
        redirect: 'manual',
      });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('x-statement-refusal')).toBe('not_a_statement');

      const metrics = await fetch(`${running.url}/api/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('process_cpu_user_seconds_total'); // prom-client's default collectors

      expect(running.output()).toContain('"msg":"add-on started"');
      expect(running.output()).not.toMatch(/Cannot find module|MODULE_NOT_FOUND|ENOENT/);
      await stopWithRequestInFlight(running);
    },
  );
});

describe.skipIf(!postgresUrl)('the artefact on PostgreSQL', () => {
  const name = `artefact_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let databaseUrl: string;
  let db: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('two instances started together on a fresh database apply the migrations once and both serve', async () => {
    const other = await freeLoopbackPort();
    const both = await Promise.all([start({ databaseUrl }), start({ databaseUrl, port: other })]);
    for (const running of both) expect((await fetch(`${running.url}/api/health`)).status).toBe(200);

    const journal = JSON.parse(readFileSync(path.join(artefact.dir, 'drizzle', 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await db.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    expect(applied.rows).toHaveLength(journal.entries.length);
    expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);

    for (const running of both) running.terminate();
    for (const running of both) expect(await running.exited, running.output()).toMatchObject({ code: 0 });
  });

  it('on SIGTERM answers the request in flight, hands its running job back, and exits 0', async () => {
    const running = await start({ databaseUrl });
    const cookie = await launchSession(sandbox.url, 'jana.novakova@example.sk', ['10001']);
    // The company's data API answers each call after 4 s: its sync, asked for now, is running (in a call) at SIGTERM.
    sandbox.dataApi.setFault('10001', { mode: 'slow', delayMs: 4_000 });
    try {
      const asked = await fetch(`${running.url}/companies/10001/sync`, {
        method: 'POST',
        headers: { cookie, origin: running.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
      expect(asked.status).toBe(303);
      const activeSync = async () =>
        (await db.query<{ id: string }>(`select id from pgboss.job where name = 'mirror.sync' and state = 'active'`))
          .rows[0]?.id;
      const jobs = async () => JSON.stringify((await db.query('select name, state, output from pgboss.job')).rows);
      expect(await waitFor(async () => (await activeSync()) !== undefined, 30_000), await jobs()).toBe(true);
      const jobId = await activeSync();

      await stopWithRequestInFlight(running);
      const job = await db.query<{ state: string; output: { kind?: string } | null }>(
        'select state, output from pgboss.job where id = $1',
        [jobId],
      );
      // It ended at its safe point (after the call under way) as interrupted, and waits for whichever instance
      // fetches next: not left active until its expiry.
      expect(job.rows[0]).toMatchObject({ state: 'retry', output: { kind: 'interrupted' } });
    } finally {
      sandbox.dataApi.clearFaults();
    }
  });
});
