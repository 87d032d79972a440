/**
 * `npm run bench:statements-hostile` (issue 30): what a hostile 20 MB statement costs the instance that reads it, on
 * the request's thread (as before issue 30: `readStatement` called by the upload) and in the import reader's worker
 * (lib/features/imports/reading/: as the upload reads it now).
 *
 * Files, each just under the 20 MB limit, made here: `nested`, a camt.053 whose one entry holds elements nested
 * about three million deep; `many`, one whose entry holds about five million empty elements; and, for scale, `bank`,
 * a legitimate camt.053 of 22 000 entries (bench/support/statement-file.ts); and `zip-bomb`, an invoice workbook of
 * about 300 KB whose sheet inflates to 300 MB while its zip declares the sheet's true small size (the issue's bomb),
 * read by the invoice sheet's reader (`readInvoiceSheet`, bounded by the inflated bytes it counts). Each file and way of reading runs in a
 * process of its own (`--expose-gc`), which reports: the outcome (lines read, or the refusal); the wall time of the
 * read; the longest pause of the process's event loop during it (a 5 ms timer's worst lateness: how long a health
 * check or any other request would have waited for the thread); and the peak extra resident memory of the process
 * (the kernel's high-water mark, VmHWM, reset after a full GC, less the resident memory before: the worker's heap
 * counts, it is the same process). The worker is the production build's bundle (.next/import-reader/worker.cjs)
 * when `npm run build` has made it, else the TypeScript entry through tsx (its start is then slower).
 *
 * Aim (issue 30, "Done when"): a 20 MB hostile statement or a zip bomb leaves the instance answering within a second and its
 * memory within 300 MB more. Writes bench/results/statement-hostile-<timestamp>.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readInvoiceSheet, SheetRefused } from '@/lib/features/imports/invoices/sheet';
import { readInvoiceSheetOffThread, readStatementOffThread } from '@/lib/features/imports/reading/off-thread';
import { BUILT_READER, ReaderGaveUp } from '@/lib/features/imports/reading/pool';
import { readStatement } from '@/lib/features/imports/statements/read-statement';
import { StatementRefused } from '@/lib/features/imports/statements/refusal';

import { itemRow, paddedSheetZip, table, xlsxBytes } from '../tests/imports/invoice-sheet/sheets';
import { publish } from './support/results';
import { startRun } from './support/self-footprint';
import { generatedCamt053 } from './support/statement-file';

const MB = 1024 * 1024;
const LIMIT = 20 * MB - 4096;
const AIM = { pauseMs: 1_000, extraMb: 300 };
type Kind = 'nested' | 'many' | 'bank' | 'sparse' | 'zip-bomb';
const KINDS = (process.env.BENCH_HOSTILE_KINDS?.split(',') ?? [
  'nested',
  'many',
  'bank',
  'sparse',
  'zip-bomb',
]) as readonly Kind[];
const WAYS = ['thread', 'worker'] as const;
type Way = (typeof WAYS)[number];

const progress = (message: string) => console.error(`[bench:statements-hostile] ${message}`);

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>T</MsgId><CreDtTm>2026-01-16T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S</Id><CreDtTm>2026-01-16T06:00:00</CreDtTm><Acct><Id><IBAN>SK9011000000002629123453</IBAN></Id><Ccy>EUR</Ccy></Acct>
`;
const TAIL = `</Stmt></BkToCstmrStmt></Document>\n`;
const ENTRY = `<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-01-15</Dt></BookgDt><NtryDtls><TxDtls>`;
const ENTRY_END = `</TxDtls></NtryDtls></Ntry>`;

/** A camt.053 of one entry whose details are `inner`, padded by it to just under the limit. */
function hostile(inner: (room: number) => string): Uint8Array {
  const around = HEAD.length + ENTRY.length + ENTRY_END.length + TAIL.length;
  return new TextEncoder().encode(HEAD + ENTRY + inner(LIMIT - around) + ENTRY_END + TAIL);
}

/** The most lines a statement may have (50 000), each with a Slovak message, to just under the limit. */
function sparse(): Uint8Array {
  const lines = 50_000;
  const message = 'Úhrada faktúry č. 2026000123, ďakujeme – Šťastná Ľubica, Žilina '.repeat(5);
  const entries = Array.from(
    { length: lines },
    (_, at) =>
      `${ENTRY}<Refs><EndToEndId>/VS${at}</EndToEndId></Refs><RmtInf><Ustrd>${message.slice(0, 150)}</Ustrd></RmtInf>${ENTRY_END}`,
  );
  return new TextEncoder().encode(HEAD + entries.join('') + TAIL);
}

async function fileOf(kind: Kind): Promise<Uint8Array> {
  if (kind === 'zip-bomb') return paddedSheetZip(await xlsxBytes(table([itemRow()])), 300 * MB);
  if (kind === 'nested') {
    return hostile((room) => {
      const depth = Math.floor(room / '<a></a>'.length);
      return '<a>'.repeat(depth) + '</a>'.repeat(depth);
    });
  }
  if (kind === 'many') return hostile((room) => '<x/>'.repeat(Math.floor(room / '<x/>'.length)));
  if (kind === 'sparse') return sparse();
  return generatedCamt053(21_500);
}

/** One file read one way, in this process: its figures as one JSON line on stdout. */
async function child(kind: Kind, way: Way) {
  const bytes = await fileOf(kind);
  const fileMb = Number((bytes.byteLength / MB).toFixed(1));
  let pauseMs = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    pauseMs = Math.max(pauseMs, now - last - 5);
    last = now;
  }, 5);
  const run = startRun();
  let outcome: string;
  try {
    if (kind === 'zip-bomb') {
      const sheet =
        way === 'thread' ? await readInvoiceSheet(bytes, 'f.xlsx') : await readInvoiceSheetOffThread(bytes, 'f.xlsx');
      outcome = `${sheet.rows.length} rows`;
    } else {
      const statement = way === 'thread' ? readStatement(bytes) : await readStatementOffThread(bytes, {});
      outcome = `${statement.lines.length} lines`;
    }
  } catch (error) {
    if (error instanceof StatementRefused || error instanceof SheetRefused) outcome = `refused: ${error.code}`;
    else if (error instanceof ReaderGaveUp) outcome = `worker ended: ${error.why}`;
    else throw error;
  }
  // The last pause is only seen when the timer runs again.
  await new Promise((resolve) => setTimeout(resolve, 10));
  clearInterval(probe);
  const cost = run.end();
  console.log(
    JSON.stringify({ kind, way, fileMb, outcome, ms: cost.ms, pauseMs: Math.round(pauseMs), extraMb: cost.extraMb }),
  );
}

type Figures = { kind: Kind; way: Way; fileMb: number; outcome: string; ms: number; pauseMs: number; extraMb: number };

function main() {
  const self = fileURLToPath(import.meta.url);
  const bundled = existsSync(path.join(process.cwd(), BUILT_READER));
  progress(`worker: ${bundled ? `the build's bundle (${BUILT_READER})` : 'the TypeScript entry through tsx'}`);
  const rows: Figures[] = [];
  for (const kind of KINDS) {
    for (const way of WAYS) {
      progress(`${kind} on the ${way === 'thread' ? 'request’s thread' : 'worker'}…`);
      const env = { ...process.env, NODE_ENV: way === 'worker' && bundled ? 'production' : process.env.NODE_ENV };
      const ran = spawnSync(process.execPath, [...process.execArgv, self, kind, way], {
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 1024 * 1024,
      });
      const line = ran.stdout.trim().split('\n').at(-1) ?? '';
      if (ran.status !== 0 || !line.startsWith('{')) {
        rows.push({
          kind,
          way,
          fileMb: 0,
          outcome: `process failed (${ran.signal ?? ran.status})`,
          ms: 0,
          pauseMs: 0,
          extraMb: 0,
        });
        continue;
      }
      rows.push(JSON.parse(line) as Figures);
    }
  }
  const hostileInWorker = rows.filter((row) => row.way === 'worker' && row.kind !== 'bank');
  const met = hostileInWorker.every((row) => row.pauseMs < AIM.pauseMs && row.extraMb < AIM.extraMb);
  const figures = {
    timestamp: new Date().toISOString(),
    node: process.version,
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
    worker: bundled ? 'bundle' : 'tsx',
    rows,
    aim: AIM,
    met,
  };
  const table = [
    '| file | read on | outcome | wall ms | longest pause of the event loop, ms | peak extra RSS, MB |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.kind} (${row.fileMb} MB) | ${row.way === 'thread' ? 'request’s thread' : 'worker'} | ${row.outcome} | ${row.ms} | ${row.pauseMs} | ${row.extraMb} |`,
    ),
    `load average at the end: ${figures.loadAverage.join(', ')}`,
    '',
    `aim: hostile files in the worker pause the event loop under ${AIM.pauseMs} ms and take under ${AIM.extraMb} MB more: ${met ? 'met' : 'NOT met'}`,
  ].join('\n');
  publish('statement-hostile', figures, table, progress);
  return met ? 0 : 1;
}

const [kind, way] = process.argv.slice(2) as [Kind | undefined, Way | undefined];
if (kind && way) await child(kind, way);
else process.exitCode = main();
