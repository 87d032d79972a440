/**
 * `npm run bench:invoice-sheet`: reading and validating an invoice sheet (issue 21), what an invoice import does with
 * an uploaded file before anything is stored.
 *
 * BENCH_INVOICE_ROWS (10 000) item rows of about 4 000 invoices (2 or 3 items each, a fixed seed: 600 companies and
 * 200 persons as partners, two VAT rates, some in CZK), written once as a CSV (UTF-8 with its mark, `;`, decimal
 * comma, as the template) and once as an XLSX (typed dates and numbers, exceljs), each read by `readInvoiceSheet`
 * and validated by `invoiceLinesOf` against a company of 20 000 invoices and 800 known partners, BENCH_INVOICE_RUNS
 * (5) times after a first run reported apart. Each run: wall time and the CPU time the process spent (threads and the
 * garbage collector included; a busy shared host inflates it less than wall time). Memory is the first run's: the
 * peak resident memory during it (VmHWM, reset through /proc/self/clear_refs after a full GC) less the resident
 * memory before, and the heap's growth (used heap after the run, before any GC, less before). Linux only;
 * `--expose-gc` (the script passes it). Each format is measured in a process of its own (this script, started again
 * with `--child`), which reads the file from a temporary folder: so the first run's memory is not hidden by what
 * writing the files or the other format grew.
 *
 * Aim (issue 21): read and validated in under 3 s of server time and under 200 MB of extra memory. Judged on the
 * median CPU time of the runs after the first and the first run's peak. Writes bench/results/invoice-sheet-<ts>.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ExcelJS from 'exceljs';

import { readInvoiceSheet } from '@/lib/features/imports/invoices/sheet';
import { INVOICE_TEMPLATE_FIELDS } from '@/lib/features/imports/invoices/template';
import { type InvoiceContext, invoiceLinesOf } from '@/lib/features/imports/invoices/validate';

import { positiveInteger } from './support/cleanup';
import { seededRandom } from './support/random';
import { publish } from './support/results';
import { startRun } from './support/self-footprint';
import { median } from './support/stats';

const ROWS = positiveInteger('BENCH_INVOICE_ROWS', 10_000);
const RUNS = positiveInteger('BENCH_INVOICE_RUNS', 5);
const AIM = { ms: 3_000, extraMb: 200 };
const MB = 1024 * 1024;

const progress = (message: string) => console.error(`[bench:invoice-sheet] ${message}`);

type Row = Partial<Record<(typeof INVOICE_TEMPLATE_FIELDS)[number], string | number | Date>>;

/** The rows: invoices of 2 or 3 items each (2.5 on average), numbered in OF, every tenth left to the sequence. */
function generatedRows(count: number): Row[] {
  const random = seededRandom(21);
  const rows: Row[] = [];
  for (let invoice = 1; rows.length < count; invoice += 1) {
    const items = Math.min(2 + (invoice % 2), count - rows.length);
    const person = random.int(0, 3) === 0;
    const partner = random.int(1, person ? 200 : 600);
    const czk = invoice % 25 === 0;
    const issue = new Date(Date.UTC(2026, random.int(0, 9), random.int(1, 28)));
    const head: Row = {
      documentNumber: invoice % 10 === 0 ? '' : `OF2026${String(invoice).padStart(6, '0')}`,
      numberingSequence: 'OF',
      rowGroup: invoice % 10 === 0 ? `eshop-${invoice}` : '',
      issueDate: issue,
      dueDate: new Date(issue.getTime() + 14 * 86_400_000),
      deliveryDate: issue,
      currency: czk ? 'CZK' : 'EUR',
      ...(czk ? { exchangeRate: 25.2 } : {}),
      variableSymbol: `2026${String(invoice).padStart(6, '0')}`,
      'partner.businessName': person ? `Zákazník Nový ${partner}` : `Firma Šťastná ${partner} s.r.o.`,
      ...(person
        ? { 'partner.email': `zakaznik${partner}@example.sk` }
        : {
            'partner.registrationId': String(30_000_000 + partner),
            'partner.taxId': String(2_020_000_000 + partner),
            'partner.vatId': `SK${2_020_000_000 + partner}`,
            'partner.email': `fakturacia@firma${partner}.example.sk`,
          }),
      'partner.street': `Hlavná ${partner}`,
      'partner.city': 'Žilina',
      'partner.postCode': '010 01',
      'partner.country': 'SK',
    };
    for (let item = 0; item < items; item += 1) {
      const cents = random.int(100, 500_000);
      rows.push({
        ...head,
        'item.name': `Tovar č. ${random.int(1, 3000)} – dubový`,
        'item.itemCode': `T-${random.int(1, 3000)}`,
        'item.amount': random.int(1, 20),
        'item.measureUnit': 'ks',
        'item.vatRate': item === 2 ? 5 : 23,
        'item.totalPriceInclVat': cents / 100,
      });
    }
  }
  return rows;
}

const slovakDay = (date: Date) => `${date.getUTCDate()}. ${date.getUTCMonth() + 1}. ${date.getUTCFullYear()}`;

function csvOf(rows: Row[]): Uint8Array {
  const cell = (value: Row[keyof Row]) =>
    value === undefined
      ? ''
      : value instanceof Date
        ? slovakDay(value)
        : typeof value === 'number'
          ? String(value).replace('.', ',')
          : value;
  const lines = [
    INVOICE_TEMPLATE_FIELDS.join(';'),
    ...rows.map((row) => INVOICE_TEMPLATE_FIELDS.map((f) => cell(row[f])).join(';')),
  ];
  return new Uint8Array(Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'));
}

async function xlsxOf(rows: Row[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Faktúry');
  sheet.addRow([...INVOICE_TEMPLATE_FIELDS]);
  for (const row of rows) {
    const added = sheet.addRow(INVOICE_TEMPLATE_FIELDS.map((field) => row[field] ?? null));
    for (const column of [4, 5, 6]) added.getCell(column).numFmt = 'd. m. yyyy';
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A company of 20 000 invoices (OF and EF) and 800 partners it knows. */
function benchContext(): InvoiceContext {
  const existing = new Map<string, { id: string }>();
  for (let i = 1; i <= 20_000; i += 1) {
    const sequence = i % 2 === 0 ? 'OF' : 'EF';
    existing.set(`${sequence}\u0000${sequence}2025${String(i).padStart(6, '0')}`, { id: String(i) });
  }
  const partners = Array.from({ length: 800 }, (_, i) =>
    i < 600
      ? { name: `Firma Šťastná ${i + 1} s.r.o.`, registrationId: String(30_000_000 + i + 1), email: null }
      : { name: `Zákazník Nový ${i - 599}`, registrationId: null, email: `zakaznik${i - 599}@example.sk` },
  );
  return { numberingSequences: ['OF', 'EF'], defaultSequence: 'OF', existing, partners, today: '2026-11-27' };
}

async function measure(bytes: Uint8Array, name: string, context: InvoiceContext) {
  const run = startRun();
  const sheet = await readInvoiceSheet(bytes, name);
  const draft = invoiceLinesOf(sheet, context);
  const { ms, cpuMs, extraMb, heapMb } = run.end();
  const invalid = draft.lines.filter((line) => line.state !== 'ready');
  if (sheet.rows.length !== ROWS || invalid.length > 0)
    throw new Error(
      `read ${sheet.rows.length} rows, ${invalid.length} invalid invoices: ${JSON.stringify(invalid[0]?.problems)}`,
    );
  return { ms, cpuMs, extraMb, heapMb, invoices: draft.lines.length };
}

type Result = Awaited<ReturnType<typeof benchFile>>;

async function benchFile(format: 'csv' | 'xlsx', bytes: Uint8Array) {
  const context = benchContext();
  const first = await measure(bytes, `faktury.${format}`, context);
  progress(
    `${format} first run: ${first.ms} ms (CPU ${first.cpuMs} ms), ${first.extraMb} MB extra RSS, heap +${first.heapMb} MB`,
  );
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await measure(bytes, `faktury.${format}`, context));
  const medianCpuMs = median(runs.map((run) => run.cpuMs));
  return {
    format,
    fileMb: Number((bytes.byteLength / MB).toFixed(1)),
    invoices: first.invoices,
    first,
    runs: runs.map(({ ms, cpuMs }) => ({ ms, cpuMs })),
    medianCpuMs,
    met: medianCpuMs < AIM.ms && first.extraMb < AIM.extraMb,
  };
}

/** Measures one format in a new process of this script; its result comes back as JSON on its stdout. */
function inChild(format: 'csv' | 'xlsx', file: string): Result {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, [...process.execArgv, script, '--child', format, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: process.env,
  });
  if (child.status !== 0) throw new Error(`the ${format} run failed (${child.status ?? child.signal})`);
  return JSON.parse(child.stdout) as Result;
}

async function main() {
  if (!globalThis.gc) throw new Error('run with --expose-gc (npm run bench:invoice-sheet does)');
  const childAt = process.argv.indexOf('--child');
  if (childAt >= 0) {
    const format = process.argv[childAt + 1] as 'csv' | 'xlsx';
    const result = await benchFile(format, new Uint8Array(readFileSync(process.argv[childAt + 2]!)));
    process.stdout.write(JSON.stringify(result));
    return 0;
  }
  const rows = generatedRows(ROWS);
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-invoice-sheet-'));
  const results: Result[] = [];
  try {
    for (const [format, bytes] of [
      ['csv', csvOf(rows)],
      ['xlsx', await xlsxOf(rows)],
    ] as const) {
      const file = path.join(folder, `faktury.${format}`);
      writeFileSync(file, bytes);
      progress(`${format}: ${ROWS} rows, ${(bytes.byteLength / MB).toFixed(1)} MB`);
      results.push(inChild(format, file));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const figures = {
    timestamp: new Date().toISOString(),
    node: process.version,
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
    rows: ROWS,
    results,
    aim: AIM,
    met: results.every((result) => result.met),
  };
  const table = [
    `| format | file | invoices | first run: wall / CPU, peak extra RSS, heap growth | next ${RUNS} runs: wall ms | CPU ms | median CPU |`,
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.format} | ${r.fileMb} MB | ${r.invoices} | ${r.first.ms} / ${r.first.cpuMs} ms, ${r.first.extraMb} MB, ${r.first.heapMb} MB | ${r.runs.map((run) => run.ms).join(' / ')} | ${r.runs.map((run) => run.cpuMs).join(' / ')} | ${r.medianCpuMs} ms |`,
    ),
    `load average at the end: ${figures.loadAverage.join(', ')}`,
    '',
    `aim: median CPU under ${AIM.ms} ms and first run under ${AIM.extraMb} MB extra, each format: ${figures.met ? 'met' : 'NOT met'}`,
  ].join('\n');
  publish('invoice-sheet', figures, table, progress);
  return figures.met ? 0 : 1;
}

process.exitCode = await main();
