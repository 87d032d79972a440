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

import { sql } from 'drizzle-orm';

import { rowsOf } from '@/lib/platform/db/client';

import { invoiceLines } from '../tests/support/invoice-lines';
import { installCleanup, positiveInteger } from './support/cleanup';
import { publish, runBench } from './support/harness';
import {
  openSendingBench,
  sendImport,
  sendingFigures,
  sendingTable,
  storeImportWithJobs,
} from './support/import-sending';
import { BENCH_USER } from './support/sign-in';

const INVOICES = positiveInteger('BENCH_INVOICES', 4_000);
const TENANT = '10001';
const AIM = { sendSeconds: 60, callsInAnySecond: 3 };
const WAIT_LIMIT_MS = 300_000;

const progress = (message: string) => console.error(`[bench:invoice-send] ${message}`);
const cleanup = installCleanup(progress);

type Sequence = { code: string; evidence?: string; documentType?: number; isDefault?: boolean };

async function measureSending() {
  const opened = await openSendingBench(cleanup, progress, TENANT, BENCH_USER);
  const { db, read, scope } = opened;

  // The company's regular sequence, read with the reader's token (not counted below).
  const sequences = await read<Sequence[]>('/api/numberingSequences');
  const regular = sequences.find((s) => s.evidence === 'invoices' && s.documentType === 0 && s.isDefault);
  if (!regular) throw new Error('the sandbox company has no regular invoice sequence');

  const prefix = `bench${Date.now().toString(36)}`;
  const importId = await storeImportWithJobs(
    opened,
    {
      kind: 'invoices',
      fileName: 'faktury.xlsx',
      digest: 'cd'.repeat(32),
      lines: invoiceLines(INVOICES, prefix, { sequence: regular.code }),
    },
    cleanup,
    progress,
    `${INVOICES} invoices`,
  );

  // Counted per state in the database, not read whole: the polling must not weigh on what is measured.
  const countStates = async () => {
    const rows = rowsOf<{ state: string; n: number | string }>(
      await db.execute(sql`select state, count(*) as n from import_lines where import_id = ${importId}::uuid
                           group by state`),
    );
    return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)])) as Record<string, number>;
  };
  const sent = await sendImport(db, scope, importId, INVOICES, {
    countStates,
    pollMs: 250,
    waitLimitMs: WAIT_LIMIT_MS,
    progress,
  });
  // Every invoice in the sandbox exactly once (read with the reader's token, after the timing).
  const since = new Date(sent.startedAt - 60 * 60_000).toISOString().slice(0, 19);
  const { head, timeline, inSandbox, met } = await sendingFigures(opened, sent, {
    lines: INVOICES,
    readBackPath: '/api/invoices',
    pageAt: (skip) => `/api/invoices?LastModifiedTimestamp=${since}&Top=100&Skip=${skip}`,
    prefix,
    aim: AIM,
  });
  return {
    invoices: INVOICES,
    ...head,
    addonCpuMs: sent.cpuMs,
    timeline,
    created: inSandbox.records,
    createdTwice: inSandbox.twice,
    loadAverage: sent.loadAverage,
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
    ...sendingTable(s, s.calls, { records: s.created, twice: s.createdTwice }),
    '',
    `The add-on's process: ${s.addonCpuMs} ms CPU. Load average ${s.loadAverage.before.join(' / ')} before, ` +
      `${s.loadAverage.after.join(' / ')} after. Aim under ${AIM.sendSeconds} s, no 429, at most ` +
      `${AIM.callsInAnySecond} calls in any second: ${s.met ? 'met' : 'NOT met'}.`,
  ].join('\n');
  const figures = { timestamp, sending: s, aim: AIM };
  publish('invoice-send', figures, table, progress);
  return s.met ? 0 : 1;
});
