/**
 * `npm run bench:invoice-send`: an import of invoices sent and confirmed (issue 21).
 *
 * BENCH_INVOICES (4 000) ready invoice lines of one import (tests/support/invoice-lines.ts: the upload body of
 * service-facts.md, two items each, numbered by the company's regular sequence, to 25 customers), queued
 * (`queueLines`) and the company's sender asked for (`requestImportSend`), then worked by the add-on's own jobs
 * (`imports.send` and `imports.check` of lib/owners/imports/jobs.ts, pg-boss on PostgreSQL, the default sender settings:
 * batches of 100, the first reading back 10 s after a send) with the company's stored token and the rate budget in
 * PostgreSQL, against the sandbox in a process of its own with its real rate limit (3 calls a second per token) and
 * no upload notification (the connection has no receiver: every invoice is confirmed by reading GET /api/invoices
 * back, the harder way). Timed from the queueing to the last line `done`; the calls are counted from the sandbox's
 * request log (the token's arrivals: POSTs, reads back, 429s, the most in any 1 000 ms), and every invoice is looked
 * up in the sandbox afterwards: each externalId exactly once. Aim: under 60 s, no 429, never more than 3 calls in
 * any second.
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL) names the PostgreSQL server; a database `addon_bench_<random>` is
 * created and dropped again. Needs no build. Writes bench/results/invoice-send-<timestamp>.json; exits non-zero when
 * an aim is missed.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';

import { sql } from 'drizzle-orm';

import type { CompanyScope } from '@/lib/base/company-scope';
import { storeAccessTokens } from '@/lib/owners/connections/store';
import { createImport } from '@/lib/owners/imports/create';
import { importCheckQueue, importSendQueue, importTickQueue, requestImportSend } from '@/lib/owners/imports/jobs';
import { queueLines } from '@/lib/owners/imports/queue';
import { sandboxDefaults, sandboxServiceAddresses } from '@/lib/platform/config/sandbox-defaults';
import { getDbHandle, rowsOf } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';
import { startJobs, stopJobs } from '@/lib/platform/jobs/process';

import { tokenFingerprint } from '../sandbox/data-api/request-log';
import { invoiceLines } from '../tests/support/invoice-lines';
import { addonEnv } from './support/addon-env';
import { installCleanup, positiveInteger } from './support/cleanup';
import { openBench, publish, ROOT, runBench } from './support/harness';
import { type RateFigures, rateOf } from './support/mirror-calls';
import { startSandboxProcess } from './support/sandbox-process';

const INVOICES = positiveInteger('BENCH_INVOICES', 4_000);
const TENANT = '10001';
const USER = 'jana.novakova@example.sk';
const AIM = { sendSeconds: 60, callsInAnySecond: 3 };
const WAIT_LIMIT_MS = 300_000;

const progress = (message: string) => console.error(`[bench:invoice-send] ${message}`);
const cleanup = installCleanup(progress);
const round1 = (n: number) => Math.round(n * 10) / 10;

type Sequence = { code: string; evidence?: string; documentType?: number; isDefault?: boolean };
type Invoice = { externalId: string | null };

async function measureSending() {
  const bench = await openBench(cleanup, progress);
  const sandbox = await startSandboxProcess({
    pluginId: sandboxDefaults.pluginId,
    apiKey: sandboxDefaults.pluginApiKey,
  });
  bench.guardian.watchServer(sandbox.pid);
  cleanup.add(`stopped the sandbox (pid ${sandbox.pid})`, () => sandbox.stop());
  progress(`sandbox on ${sandbox.url} (pid ${sandbox.pid})`);
  Object.assign(
    process.env,
    addonEnv({
      ...sandboxServiceAddresses(sandbox.url),
      appUrl: 'http://127.0.0.1:9',
      databaseUrl: bench.database.url,
      home: ROOT,
    }),
  );
  const handle = await getDbHandle();
  cleanup.add('closed the pool', () => handle.close());
  const { db } = handle;

  // The company's regular sequence, read with a token of its own (not counted below).
  const reader = await sandbox.issue(TENANT, `reader-${randomUUID()}`);
  const read = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${reader}` } });
    if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}`);
    return ((await response.json()) as { data: T }).data;
  };
  const sequences = await read<Sequence[]>('/api/numberingSequences');
  const regular = sequences.find((s) => s.evidence === 'invoices' && s.documentType === 0 && s.isDefault);
  if (!regular) throw new Error('the sandbox company has no regular invoice sequence');

  // The connection the jobs use, stored as a delivery stores it (no receiver of notifications).
  const token = await sandbox.issue(TENANT, USER);
  await storeAccessTokens(
    db,
    [{ userId: USER, tenantId: TENANT, pluginId: sandboxDefaults.pluginId, accessToken: token, companyName: null }],
    getEnv().encryptionKeys,
    { source: 'gateway' },
  );
  const scope: CompanyScope = { userId: USER, pluginId: sandboxDefaults.pluginId, tenantId: TENANT };
  const prefix = `bench${Date.now().toString(36)}`;
  const { id: importId } = await createImport(db, scope, {
    kind: 'invoices',
    fileName: 'faktury.xlsx',
    digest: 'cd'.repeat(32),
    lines: invoiceLines(INVOICES, prefix, { sequence: regular.code }),
  });
  await startJobs({ queues: [importSendQueue, importCheckQueue, importTickQueue] });
  cleanup.add('stopped the job queue', () => stopJobs({ timeoutMs: 5_000 }));
  progress(`import of ${INVOICES} invoices stored; the jobs are working`);

  // Counted per state in the database, not read whole: the polling must not weigh on what is measured.
  const countStates = async () => {
    const rows = rowsOf<{ state: string; n: number | string }>(
      await db.execute(sql`select state, count(*) as n from import_lines where import_id = ${importId}::uuid
                           group by state`),
    );
    return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)])) as Record<string, number>;
  };

  const loadBefore = loadavg().map(round1);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const startedAt = Date.now();
  const queued = await queueLines(db, scope, importId, 'all-ready');
  if (queued.queued.length !== INVOICES) throw new Error(`queued ${queued.queued.length} lines, not ${INVOICES}`);
  await requestImportSend(scope);
  let states: Record<string, number> = {};
  let sentAt: number | null = null;
  for (;;) {
    states = await countStates();
    if (sentAt === null && (states.queued ?? 0) === 0) sentAt = performance.now() - started;
    if ((states.done ?? 0) === INVOICES || (states.queued ?? 0) + (states.sent ?? 0) === 0) break;
    if (performance.now() - started > WAIT_LIMIT_MS) break;
    await pause(250);
  }
  const elapsedSeconds = round1((performance.now() - started) / 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const loadAfter = loadavg().map(round1);
  progress(`${JSON.stringify(states)} after ${elapsedSeconds} s`);

  const fingerprint = tokenFingerprint(token);
  const calls = (await sandbox.requests()).filter((request) => request.tokenFingerprint === fingerprint);
  const rate: RateFigures = rateOf(calls);
  const posts = calls.filter((request) => request.method === 'POST').length;
  const readsBack = calls.filter((request) => request.method === 'GET' && request.path === '/api/invoices').length;
  /** When each call arrived (seconds from the queueing) and what it was: where the time went. */
  const timeline = calls.map(
    (request) =>
      `${round1((request.at - startedAt) / 1000)} s ${request.method} ${request.path}${request.query.replace(/LastModifiedTimestamp=[^&]*&?/, '')} ${request.status}`,
  );

  // Every invoice in the sandbox exactly once (read with the reader's token, after the timing).
  const since = new Date(startedAt - 60 * 60_000).toISOString().slice(0, 19);
  const perExternalId = new Map<string, number>();
  for (let skip = 0; ; skip += 100) {
    await pause(400); // the reader's token has the same limit: 3 calls a second
    const page = await read<Invoice[]>(`/api/invoices?LastModifiedTimestamp=${since}&Top=100&Skip=${skip}`);
    for (const invoice of page) {
      const id = invoice.externalId;
      if (id?.startsWith(`${prefix}-`)) perExternalId.set(id, (perExternalId.get(id) ?? 0) + 1);
    }
    if (page.length < 100) break;
  }
  const twice = [...perExternalId.values()].filter((n) => n > 1).length;
  const created = perExternalId.size;
  const met =
    (states.done ?? 0) === INVOICES &&
    elapsedSeconds < AIM.sendSeconds &&
    rate.status429 === 0 &&
    rate.maxInAnySecond <= AIM.callsInAnySecond &&
    twice === 0 &&
    created === INVOICES;
  return {
    invoices: INVOICES,
    states,
    elapsedSeconds,
    allSentSeconds: sentAt === null ? null : round1(sentAt / 1000),
    calls: { ...rate, posts, readsBack },
    addonCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    timeline,
    created,
    createdTwice: twice,
    loadAverage: { before: loadBefore, after: loadAfter },
    met,
  };
}

runBench('bench:invoice-send', cleanup, async () => {
  const timestamp = new Date().toISOString();
  const s = await measureSending();
  const table = [
    `Invoice import sent (${timestamp}, node ${process.version})`,
    '',
    `${INVOICES} invoices sent and confirmed (read back) by the imports' jobs against the sandbox (3 calls/s per token):`,
    '',
    '| lines | all sent | all done | calls (POST / reads back) | calls/s | 429s | most in any 1 s | in the sandbox |',
    '|---|---|---|---|---|---|---|---|',
    `| ${JSON.stringify(s.states)} | ${s.allSentSeconds} s | ${s.elapsedSeconds} s | ${s.calls.calls} ` +
      `(${s.calls.posts} / ${s.calls.readsBack}) | ${s.calls.callsPerSecond} | ${s.calls.status429} | ` +
      `${s.calls.maxInAnySecond} | ${s.created}, ${s.createdTwice} twice |`,
    '',
    `The add-on's process: ${s.addonCpuMs} ms CPU. Load average ${s.loadAverage.before.join(' / ')} before, ` +
      `${s.loadAverage.after.join(' / ')} after. Aim under ${AIM.sendSeconds} s, no 429, at most ` +
      `${AIM.callsInAnySecond} calls in any second: ${s.met ? 'met' : 'NOT met'}.`,
  ].join('\n');
  const figures = { timestamp, sending: s, aim: AIM };
  publish('invoice-send', figures, table, progress);
  return s.met ? 0 : 1;
});
