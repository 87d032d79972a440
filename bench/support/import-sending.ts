import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';

import type { CompanyScope } from '@/lib/base/company-scope';
import { createImport, type NewImport } from '@/lib/owners/imports/create';
import { importCheckQueue, importSendQueue, importTickQueue, requestImportSend } from '@/lib/owners/imports/jobs';
import { queueLines } from '@/lib/owners/imports/queue';
import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';
import { type Db, getDbHandle } from '@/lib/platform/db/client';
import { startJobs, stopJobs } from '@/lib/platform/jobs/process';

import type { Cleanup } from './cleanup';
import { sandboxReader, storeConnection, tokenCalls } from './connection';
import { openBench, startSandboxApart } from './harness';
import { type RateFigures, rateOf } from './mirror-calls';
import type { SandboxProcess } from './sandbox-process';

/**
 * What the benchmarks of an import's sending share (bench:imports' payments, bench:invoice-send's invoices): the bench
 * database, the sandbox in a process of its own and the company's connection, the import stored and the add-on's jobs
 * started on it, the import queued and worked by the add-on's jobs until every line is done, the token's calls from the sandbox's request log,
 * every record looked up in the sandbox afterwards, and the figures' row.
 */

const round1 = (n: number) => Math.round(n * 10) / 10;

export type SendingBench = {
  sandbox: SandboxProcess;
  db: Db;
  /** Reads the sandbox with a token of its own (support/connection.ts): not counted among the company's calls. */
  read: <T>(path: string) => Promise<T>;
  /** The company's token, stored as a delivery stores it (no receiver of notifications): the jobs' calls. */
  token: string;
  scope: CompanyScope;
};

/** The bench database, the sandbox in a process of its own, the add-on's pool, a reader and the company's token. */
export async function openSendingBench(
  cleanup: Cleanup,
  progress: (message: string) => void,
  tenantId: string,
  userId: string,
): Promise<SendingBench> {
  const bench = await openBench(cleanup, progress);
  const sandbox = await startSandboxApart(bench, progress);
  const handle = await getDbHandle();
  cleanup.add('closed the pool', () => handle.close());
  const { db } = handle;
  const read = await sandboxReader(sandbox, tenantId, `reader-${randomUUID()}`);
  const token = await storeConnection(db, sandbox, tenantId, userId);
  const scope: CompanyScope = { userId, pluginId: sandboxDefaults.pluginId, tenantId };
  return { sandbox, db, read, token, scope };
}

/**
 * Stores the import and starts the add-on's import jobs (`imports.send`, `imports.check`, the tick: pg-boss on the
 * bench database), stopped on cleanup; answers the import's id.
 */
export async function storeImportWithJobs(
  { db, scope }: Pick<SendingBench, 'db' | 'scope'>,
  input: NewImport,
  cleanup: Cleanup,
  progress: (message: string) => void,
  what: string,
): Promise<string> {
  const { id } = await createImport(db, scope, input);
  await startJobs({ queues: [importSendQueue, importCheckQueue, importTickQueue] });
  cleanup.add('stopped the job queue', () => stopJobs({ timeoutMs: 5_000 }));
  progress(`import of ${what} stored; the jobs are working`);
  return id;
}

export type Sent = {
  states: Record<string, number>;
  elapsedSeconds: number;
  /** Seconds from the queueing until no line was queued any more. */
  allSentSeconds: number | null;
  /** Epoch ms of the queueing. */
  startedAt: number;
  /** This process's CPU time (the add-on's jobs, the polling) from the queueing to the end. */
  cpuMs: number;
  loadAverage: { before: number[]; after: number[] };
};

/**
 * Queues the import's ready lines (`queueLines`), asks for the company's sender (`requestImportSend`) and waits
 * (every `pollMs`, at most `waitLimitMs`) until every one of the `lines` is done, or none is queued or sent any more.
 */
export async function sendImport(
  db: Db,
  scope: CompanyScope,
  importId: string,
  lines: number,
  options: {
    countStates: () => Promise<Record<string, number>>;
    pollMs: number;
    waitLimitMs: number;
    progress: (message: string) => void;
  },
): Promise<Sent> {
  const loadBefore = loadavg().map(round1);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const startedAt = Date.now();
  const queued = await queueLines(db, scope, importId, 'all-ready');
  if (queued.queued.length !== lines) throw new Error(`queued ${queued.queued.length} lines, not ${lines}`);
  await requestImportSend(scope);
  let states: Record<string, number> = {};
  let sentAt: number | null = null;
  for (;;) {
    states = await options.countStates();
    if (sentAt === null && (states.queued ?? 0) === 0) sentAt = performance.now() - started;
    if ((states.done ?? 0) === lines || (states.queued ?? 0) + (states.sent ?? 0) === 0) break;
    if (performance.now() - started > options.waitLimitMs) break;
    await pause(options.pollMs);
  }
  const elapsedSeconds = round1((performance.now() - started) / 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const loadAfter = loadavg().map(round1);
  options.progress(`${JSON.stringify(states)} after ${elapsedSeconds} s`);
  return {
    states,
    elapsedSeconds,
    allSentSeconds: sentAt === null ? null : round1(sentAt / 1000),
    startedAt,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    loadAverage: { before: loadBefore, after: loadAfter },
  };
}

export type SendingCalls = RateFigures & { posts: number; readsBack: number };

/**
 * The token's calls from the sandbox's request log: their rate, the POSTs and the reads back (GET `readBackPath`),
 * and when each arrived (seconds from the queueing) and what it was: where the time went.
 */
export async function sendingCalls(
  sandbox: SandboxProcess,
  token: string,
  readBackPath: string,
  startedAt: number,
): Promise<{ calls: SendingCalls; timeline: string[] }> {
  const calls = await tokenCalls(sandbox, token);
  const rate: RateFigures = rateOf(calls);
  const posts = calls.filter((request) => request.method === 'POST').length;
  const readsBack = calls.filter((request) => request.method === 'GET' && request.path === readBackPath).length;
  const timeline = calls.map(
    (request) =>
      `${round1((request.at - startedAt) / 1000)} s ${request.method} ${request.path}${request.query.replace(/LastModifiedTimestamp=[^&]*&?/, '')} ${request.status}`,
  );
  return { calls: { ...rate, posts, readsBack }, timeline };
}

/**
 * Every record of the run (externalId starting with `prefix-`) in the sandbox, counted by externalId over the pages
 * `pageAt(skip)` of 100, read by the reader after the timing: how many there are, and how many twice or more.
 */
export async function recordsInSandbox(
  read: <T>(path: string) => Promise<T>,
  pageAt: (skip: number) => string,
  prefix: string,
): Promise<{ records: number; twice: number }> {
  const perExternalId = new Map<string, number>();
  for (let skip = 0; ; skip += 100) {
    await pause(400); // the reader's token has the same limit: 3 calls a second
    const page = await read<{ externalId: string | null }[]>(pageAt(skip));
    for (const record of page) {
      const id = record.externalId;
      if (id?.startsWith(`${prefix}-`)) perExternalId.set(id, (perExternalId.get(id) ?? 0) + 1);
    }
    if (page.length < 100) break;
  }
  return { records: perExternalId.size, twice: [...perExternalId.values()].filter((n) => n > 1).length };
}

export type SendingAim = { sendSeconds: number; callsInAnySecond: number };

/** Every line done in time, no 429, never more calls in a second than allowed, each record in the sandbox once. */
export function sendingMet(
  lines: number,
  sent: Pick<Sent, 'states' | 'elapsedSeconds'>,
  calls: RateFigures,
  inSandbox: { records: number; twice: number },
  aim: SendingAim,
): boolean {
  return (
    (sent.states.done ?? 0) === lines &&
    sent.elapsedSeconds < aim.sendSeconds &&
    calls.status429 === 0 &&
    calls.maxInAnySecond <= aim.callsInAnySecond &&
    inSandbox.twice === 0 &&
    inSandbox.records === lines
  );
}

/** The table of a sending: its head and its one row. */
export function sendingTable(
  sent: Pick<Sent, 'states' | 'elapsedSeconds' | 'allSentSeconds'>,
  calls: SendingCalls,
  inSandbox: { records: number; twice: number },
): string[] {
  return [
    '| lines | all sent | all done | calls (POST / reads back) | calls/s | 429s | most in any 1 s | in the sandbox |',
    '|---|---|---|---|---|---|---|---|',
    `| ${JSON.stringify(sent.states)} | ${sent.allSentSeconds} s | ${sent.elapsedSeconds} s | ${calls.calls} ` +
      `(${calls.posts} / ${calls.readsBack}) | ${calls.callsPerSecond} | ${calls.status429} | ` +
      `${calls.maxInAnySecond} | ${inSandbox.records}, ${inSandbox.twice} twice |`,
  ];
}

/**
 * The figures of a sending, read after the timing: the token's calls from the sandbox's request log (reads back are
 * GETs of `readBackPath`), every record of the run looked up in the sandbox (the reader's pages `pageAt(skip)`), and
 * whether the aim was met; `head` is what every bench's figures start with.
 */
export async function sendingFigures(
  { sandbox, read, token }: Pick<SendingBench, 'sandbox' | 'read' | 'token'>,
  sent: Sent,
  {
    lines,
    readBackPath,
    pageAt,
    prefix,
    aim,
  }: { lines: number; readBackPath: string; pageAt: (skip: number) => string; prefix: string; aim: SendingAim },
) {
  const { calls, timeline } = await sendingCalls(sandbox, token, readBackPath, sent.startedAt);
  const inSandbox = await recordsInSandbox(read, pageAt, prefix);
  return {
    head: { states: sent.states, elapsedSeconds: sent.elapsedSeconds, allSentSeconds: sent.allSentSeconds, calls },
    timeline,
    inSandbox,
    met: sendingMet(lines, sent, calls, inSandbox, aim),
  };
}
