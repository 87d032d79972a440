/**
 * `npm run bench:imports` (part of `npm run bench`): an import of bank-statement payments, its two aims (issue 20).
 *
 * (a) Read and paired: a camt.053.001.02 of BENCH_IMPORT_LINES (10 000) entries (bench/support/statement-file.ts,
 *     about 9 MB, fixed seed) read by `readStatement`, then its lines paired with BENCH_IMPORT_OPEN (30 000) open
 *     invoices (bench/support/open-invoices.ts: indexing them and `pairStatement`), in this process: the server's
 *     work for an upload once the mirror's open invoices are read (that query is bench:pairing's). One first run,
 *     reported apart (code the engine has not optimised yet), then BENCH_IMPORT_RUNS (5) back to back, as a server
 *     that has imported before runs them, and as many again each after a full collection (the heap shrunk back: the
 *     collector's work of growing it again is then counted); judged on the median CPU time of the back-to-back runs
 *     (the process's threads, the garbage collector's included) and the first run's extra memory (the peak resident
 *     memory during it, VmHWM reset after a full GC, less the resident memory before). Aim: under 2 000 ms and under
 *     150 MB.
 * (b) Sent and confirmed: BENCH_IMPORT_PAYMENTS (1 000) ready payment lines of one import, each paying one of the
 *     sandbox company's open invoices by its variable symbol, queued (`queueLines`) and the company's sender asked for
 *     (`requestImportSend`), then worked by the add-on's own jobs (`imports.send` and `imports.check` of
 *     lib/owners/imports/jobs.ts, pg-boss on PostgreSQL, the default sender settings: batches of 100, the first
 *     reading back 10 s after a send) with the company's stored token and the rate budget in PostgreSQL, against the
 *     sandbox in a process of its own with its real rate limit (3 calls a second per token) and no upload
 *     notification (the connection has no receiver: every line is confirmed by reading back). Timed from the queueing
 *     to the last line `done`; the calls are counted from the sandbox's request log (the token's arrivals: POSTs,
 *     reads back, 429s, the most in any 1 000 ms), and every payment is looked up in the sandbox once: each
 *     externalId exactly once. Aim: under 30 s, no 429, never more than 3 calls in any second.
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL) names the PostgreSQL server; a database `addon_bench_<random>` is
 * created and dropped again. Linux only (/proc), `--expose-gc` (the script passes it). Needs no build. Writes
 * bench/results/imports-<timestamp>.json; exits non-zero when an aim is missed.
 */
import { loadavg } from 'node:os';

import { indexOpenInvoices } from '@/lib/features/imports/open-invoice-index';
import { pairStatement } from '@/lib/features/imports/pairing';
import { readStatement } from '@/lib/features/imports/statements/read-statement';
import { readImport } from '@/lib/owners/imports/view';

import { paymentLines } from '../tests/support/payment-lines';
import { installCleanup, positiveInteger } from './support/cleanup';
import { publish, runBench } from './support/harness';
import {
  openSendingBench,
  sendImport,
  sendingFigures,
  sendingTable,
  storeImportWithJobs,
} from './support/import-sending';
import { benchOpenInvoices } from './support/open-invoices';
import { startRun } from './support/self-footprint';
import { BENCH_USER } from './support/sign-in';
import { generatedCamt053 } from './support/statement-file';
import { median } from './support/stats';

const LINES = positiveInteger('BENCH_IMPORT_LINES', 10_000);
const OPEN = positiveInteger('BENCH_IMPORT_OPEN', 30_000);
const RUNS = positiveInteger('BENCH_IMPORT_RUNS', 5);
const PAYMENTS = positiveInteger('BENCH_IMPORT_PAYMENTS', 1_000);
const TENANT = '10001';
const AIM = { readAndPairCpuMs: 2_000, extraMb: 150, sendSeconds: 30, callsInAnySecond: 3 };
const WAIT_LIMIT_MS = 180_000;
const MB = 1024 * 1024;

const progress = (message: string) => console.error(`[bench:imports] ${message}`);
const cleanup = installCleanup(progress);
const round1 = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------------------------
// (a) read and paired

type ReadRun = { ms: number; cpuMs: number; readCpuMs: number; extraMb: number; ready: number };

function readAndPair(
  bytes: Uint8Array,
  invoices: Parameters<typeof indexOpenInvoices>[0],
  collectFirst: boolean,
): ReadRun {
  const run = startRun(collectFirst);
  const statement = readStatement(bytes);
  const readCpuMs = run.cpuMs();
  const pairings = pairStatement(statement.lines, indexOpenInvoices(invoices));
  const { ms, cpuMs, extraMb } = run.end();
  if (pairings.length !== LINES) throw new Error(`paired ${pairings.length} lines, not ${LINES}`);
  return { ms, cpuMs, readCpuMs, extraMb, ready: pairings.filter((pairing) => pairing.state === 'ready').length };
}

function measureReading() {
  const bytes = generatedCamt053(LINES);
  const invoices = benchOpenInvoices(OPEN);
  progress(`camt.053 of ${LINES} entries, ${(bytes.byteLength / MB).toFixed(1)} MB; ${OPEN} open invoices`);
  const loadBefore = loadavg().map(round1);
  const first = readAndPair(bytes, invoices, true);
  progress(`first run: CPU ${first.cpuMs} ms (reading ${first.readCpuMs} ms), ${first.extraMb} MB extra`);
  const runs = Array.from({ length: RUNS }, () => readAndPair(bytes, invoices, false));
  // The same after a full collection each: the heap shrunk back, as after a long quiet spell.
  const collected = Array.from({ length: RUNS }, () => readAndPair(bytes, invoices, true));
  const medianCpuMs = median(runs.map((run) => run.cpuMs));
  const medianReadCpuMs = median(runs.map((run) => run.readCpuMs));
  const medianCollectedCpuMs = median(collected.map((run) => run.cpuMs));
  const met = medianCpuMs < AIM.readAndPairCpuMs && first.extraMb < AIM.extraMb;
  progress(`runs: CPU ${runs.map((run) => run.cpuMs).join(' / ')} ms; median ${medianCpuMs} ms`);
  progress(`after a full collection each: ${collected.map((run) => run.cpuMs).join(' / ')} ms`);
  return {
    fileMb: round1(bytes.byteLength / MB),
    first,
    runs,
    collected,
    medianCpuMs,
    medianReadCpuMs,
    medianCollectedCpuMs,
    loadAverage: { before: loadBefore, after: loadavg().map(round1) },
    met,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// (b) sent and confirmed

type Invoice = { id: number; documentNumber: string; variableSymbol: string };

async function measureSending() {
  const opened = await openSendingBench(cleanup, progress, TENANT, BENCH_USER);
  const { db, read, scope } = opened;

  // The company's account and open invoices, read with the reader's token (not counted below).
  const accountId = (await read<{ id: number }[]>('/api/payments/accounts'))[0]!.id;
  const invoices = await read<Invoice[]>('/api/invoices?PaymentStatus=0&Top=100');
  if (invoices.length === 0) throw new Error('the sandbox company has no open invoice');

  const prefix = `bench${Date.now().toString(36)}`;
  const importId = await storeImportWithJobs(
    opened,
    {
      kind: 'payments',
      fileName: 'vypis.xml',
      digest: 'ab'.repeat(32),
      accountId,
      lines: paymentLines(invoices, PAYMENTS, prefix),
    },
    cleanup,
    progress,
    `${PAYMENTS} payments`,
  );

  const countStates = async () => {
    const states: Record<string, number> = {};
    for (const line of (await readImport(db, scope, importId))!.lines)
      states[line.state] = (states[line.state] ?? 0) + 1;
    return states;
  };
  const sent = await sendImport(db, scope, importId, PAYMENTS, {
    countStates,
    pollMs: 100,
    waitLimitMs: WAIT_LIMIT_MS,
    progress,
  });
  // Every payment in the sandbox exactly once (read with the reader's token, after the timing).
  const { head, timeline, inSandbox, met } = await sendingFigures(opened, sent, {
    lines: PAYMENTS,
    readBackPath: '/api/payments',
    pageAt: (skip) => `/api/payments?AccountId=${accountId}&Top=100&Skip=${skip}`,
    prefix,
    aim: AIM,
  });
  return {
    payments: PAYMENTS,
    ...head,
    timeline,
    recorded: inSandbox.records,
    sentTwice: inSandbox.twice,
    loadAverage: sent.loadAverage,
    met,
  };
}

runBench('bench:imports', cleanup, async () => {
  if (!globalThis.gc) throw new Error('run with --expose-gc (npm run bench:imports does)');
  const timestamp = new Date().toISOString();
  const reading = measureReading();
  const sending = await measureSending();
  const r = reading;
  const s = sending;
  const table = [
    `Imports (${timestamp}, node ${process.version})`,
    '',
    `(a) camt.053 of ${LINES} entries (${r.fileMb} MB) read and paired with ${OPEN} open invoices, in-process:`,
    '',
    `| run | wall ms | CPU ms (reading of it) | extra memory |`,
    '|---|---|---|---|',
    `| first | ${r.first.ms} | ${r.first.cpuMs} (${r.first.readCpuMs}) | ${r.first.extraMb} MB |`,
    ...r.runs.map((run, n) => `| ${n + 2} | ${run.ms} | ${run.cpuMs} (${run.readCpuMs}) | |`),
    ...r.collected.map(
      (run, n) => `| ${n + 2 + RUNS}, after a full GC | ${run.ms} | ${run.cpuMs} (${run.readCpuMs}) | |`,
    ),
    '',
    `Median CPU ${r.medianCpuMs} ms (reading ${r.medianReadCpuMs} ms; ${r.medianCollectedCpuMs} ms after a full ` +
      `collection each), ${r.first.ready} lines ready; load average ` +
      `${r.loadAverage.before.join(' / ')} before, ${r.loadAverage.after.join(' / ')} after. Aim under ` +
      `${AIM.readAndPairCpuMs} ms and ${AIM.extraMb} MB: ${r.met ? 'met' : 'NOT met'}.`,
    '',
    `(b) ${PAYMENTS} payments sent and confirmed by the imports' jobs against the sandbox (3 calls/s per token):`,
    '',
    ...sendingTable(s, s.calls, { records: s.recorded, twice: s.sentTwice }),
    '',
    `Load average ${s.loadAverage.before.join(' / ')} before, ${s.loadAverage.after.join(' / ')} after. Aim under ` +
      `${AIM.sendSeconds} s, no 429, at most ${AIM.callsInAnySecond} calls in any second: ${s.met ? 'met' : 'NOT met'}.`,
  ].join('\n');
  const figures = { timestamp, reading, sending, aim: AIM };
  publish('imports', figures, table, progress);
  return reading.met && sending.met ? 0 : 1;
});
