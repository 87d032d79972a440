/**
 * `npm run bench:mirror` (not part of `npm run bench` yet): how fast list pages read a large company's mirror over
 * PostgreSQL. One company of the sandbox is generated at BENCH_MIRROR_INVOICES (20 000) invoices and
 * BENCH_MIRROR_EXPENSES (10 000) expenses (its usual delivery notes beside them) and copied into a fresh database's
 * mirror with the rows a sync writes (lib/owners/mirror/document-row.ts): read page by page from the sandbox's data API with
 * a token per page, so the fill is not paced by the rate limit (the sync's own pace is bench:budget's subject).
 * Then each view is read BENCH_MIRROR_RUNS (200) times: listMirrored for a plain list (a page near the start and
 * one deep in), filtered, sorted by every column, searched (a partner's name, a part of a number, an IČO, two
 * words, a short common part), and totalsOfMirrored; p50 / p95 / max per view, in ms, in a markdown table and in
 * bench/results/mirror-<timestamp>.json.
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL) names the PostgreSQL server; a database `addon_bench_<random>`
 * is created and dropped again. Needs no build.
 */
import { performance } from 'node:perf_hooks';

import { sql } from 'drizzle-orm';

import { listMirrored, type MirrorView, totalsOfMirrored } from '@/lib/features/documents/queries';
import { documentRow, type MirroredRecord } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { type Db } from '@/lib/platform/db/client';
import { deliveryNoteSchema } from '@/lib/service/schemas/delivery-note';
import { expenseSchema } from '@/lib/service/schemas/expense';
import { invoiceSchema } from '@/lib/service/schemas/invoice';

import { createSandbox, type Sandbox } from '../sandbox/app';
import { measureExports } from './mirror-export';
import { installCleanup, positiveInteger } from './support/cleanup';
import { openBench, publish, runBench } from './support/harness';
import { openMigratedPool } from './support/pool';
import { type Latency, summarize } from './support/stats';

const INVOICES = positiveInteger('BENCH_MIRROR_INVOICES', 20_000);
const EXPENSES = positiveInteger('BENCH_MIRROR_EXPENSES', 10_000);
const RUNS = positiveInteger('BENCH_MIRROR_RUNS', 200);
const TENANT = '10001';
const company = { pluginId: 'p', tenantId: TENANT };

const progress = (message: string) => console.error(`[bench:mirror] ${message}`);
const cleanup = installCleanup(progress);

const paths: Record<DocumentKind, string> = {
  invoices: '/api/invoices?ExtendedFields=Items,VatBreakdowns,Payments,LinkedDocuments&',
  expenses: '/api/expenses?',
  deliveryNotes: '/api/delivery-notes?ExtendedFields=Items&',
};
const schemas = { invoices: invoiceSchema, expenses: expenseSchema, deliveryNotes: deliveryNoteSchema };

/** Copies every document of a kind into the mirror as a full sync would store it. */
async function fill(db: Db, sandbox: Sandbox, kind: DocumentKind): Promise<number> {
  let stored = 0;
  for (let skip = 0; ; skip += 100) {
    const token = sandbox.tokens.issue(TENANT, 'bench-mirror@example.sk');
    const response = await fetch(`${sandbox.url}${paths[kind]}Top=100&Skip=${skip}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`the sandbox answered ${response.status} for ${kind}`);
    const page = ((await response.json()) as { data: unknown[] }).data;
    const records = page.map((record) => schemas[kind].parse(record) as MirroredRecord[typeof kind]);
    await upsertDocuments(
      db,
      company,
      records.map((record) => documentRow(kind, record)),
    );
    stored += records.length;
    if (page.length < 100) return stored;
  }
}

type Row = { view: string; latency: Latency; rows: number };

/** Reads a view RUNS times (after a few warm-up reads); the views' inputs rotate so no single plan or page is hot. */
async function measure(name: string, read: (run: number) => Promise<number>): Promise<Row> {
  for (let run = 0; run < 5; run += 1) await read(run);
  const samples: number[] = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    rows = await read(run);
    samples.push(performance.now() - started);
  }
  const row = { view: name, latency: summarize(samples), rows };
  progress(`${name}: p50 ${row.latency.p50} ms, p95 ${row.latency.p95} ms`);
  return row;
}

async function main(): Promise<number> {
  const bench = await openBench(cleanup, progress);
  const db = await openMigratedPool(bench);
  const sandbox = await createSandbox({
    port: 0,
    addonUrl: 'http://127.0.0.1:9',
    pluginId: 'p',
    apiKey: 'k',
    volumes: { [TENANT]: { invoices: INVOICES, expenses: EXPENSES } },
  });
  cleanup.add('closed the sandbox', () => sandbox.close());

  const fillStarted = performance.now();
  const filled: Record<string, number> = {};
  for (const kind of ['invoices', 'expenses', 'deliveryNotes'] as const) {
    filled[kind] = await fill(db, sandbox, kind);
    progress(`${filled[kind]} ${kind} in the mirror`);
  }
  // Fresh statistics, as autovacuum would have gathered them on a company synced a while ago.
  await db.execute(sql`analyze mirror_documents`);
  const fillSeconds = Math.round((performance.now() - fillStarted) / 100) / 10;

  // Search inputs taken from the data itself, rotating per run.
  const sample = (await listMirrored(db, company, 'invoices', { top: 100, skip: Math.floor(filled.invoices! / 4) }))
    .records;
  const partners = [...new Set(sample.map((record) => record.partner?.address?.businessName).filter(Boolean))];
  const firstWords = partners.map((name) => name!.split(' ')[0]!);
  const numberParts = sample.map((record) => record.documentNumber!.slice(-6));
  const icos = sample.map((record) => record.partner?.registrationId).filter((ico): ico is string => Boolean(ico));
  const pick = <T>(list: readonly T[], run: number) => list[run % list.length]!;
  const unpaidOverdue = { PaymentStatus: '0', DueDateStatus: '2' } as const;

  const list = (view: (run: number) => MirrorView<'invoices'>) => async (run: number) =>
    (await listMirrored(db, company, 'invoices', view(run))).records.length;
  const totals = (view: (run: number) => MirrorView<'invoices'>) => async (run: number) =>
    (await totalsOfMirrored(db, company, 'invoices', view(run))).count;

  const sequence = sample[0]!.numberingSequence!.toLowerCase();
  type View = readonly [name: string, read: (run: number) => Promise<number>];
  const views: View[] = [
    ['list, newest first, first pages (top 25)', list((run) => ({ top: 25, skip: (run % 4) * 25 }))],
    ['list, page 400 (skip 10 000)', list(() => ({ top: 25, skip: 10_000 }))],
    ['list, unpaid and overdue', list(() => ({ top: 25, filters: unpaidOverdue }))],
    [
      'list, issued in a quarter',
      list(() => ({ top: 25, filters: { IssueDateFrom: '2026-04-01', IssueDateTo: '2026-06-30' } })),
    ],
    ['list, one numbering sequence', list(() => ({ top: 25, filters: { NumberingSequence: sequence } }))],
    ...['-total', 'partner', '-partner', 'documentNumber', 'dueDate'].map((sort): View => [
      `sorted ${sort}`,
      list(() => ({ top: 25, sort })),
    ]),
    ['search: partner name', list((run) => ({ top: 25, q: pick(partners, run) }))],
    ['search: first word of a partner', list((run) => ({ top: 25, q: pick(firstWords, run) }))],
    ['search: part of a number', list((run) => ({ top: 25, q: pick(numberParts, run) }))],
    ['search: IČO', list((run) => ({ top: 25, q: pick(icos, run) }))],
    [
      'search: two words, sorted -total',
      list((run) => ({ top: 25, q: `${pick(firstWords, run)} 2026`, sort: '-total' })),
    ],
    ['search: short common part ("sk")', list(() => ({ top: 25, q: 'sk' }))],
    ['search + unpaid overdue filter', list((run) => ({ top: 25, q: pick(firstWords, run), filters: unpaidOverdue }))],
    ['totals, whole list', totals(() => ({}))],
    ['totals, unpaid and overdue', totals(() => ({ filters: unpaidOverdue }))],
    ['totals, searched (first word of a partner)', totals((run) => ({ q: pick(firstWords, run) }))],
    [
      'expenses list, newest first',
      async (run) => (await listMirrored(db, company, 'expenses', { top: 25, skip: (run % 4) * 25 })).records.length,
    ],
    [
      'expenses totals, unpaid',
      async () => (await totalsOfMirrored(db, company, 'expenses', { filters: { PaymentStatus: '0' } })).count,
    ],
  ];
  const rows: Row[] = [];
  for (const [name, read] of views) rows.push(await measure(name, read));
  const exports = await measureExports(db, company, progress);

  const table = [
    `Mirror of one company: ${filled.invoices} invoices, ${filled.expenses} expenses, ${filled.deliveryNotes} delivery notes (filled in ${fillSeconds} s); ${RUNS} reads per view, PostgreSQL.`,
    '',
    '| view | rows | p50 ms | p95 ms | max ms |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) => `| ${row.view} | ${row.rows} | ${row.latency.p50} | ${row.latency.p95} | ${row.latency.max} |`,
    ),
    '',
    exports.table,
  ].join('\n');
  publish(
    'mirror',
    { timestamp: new Date().toISOString(), filled, fillSeconds, runs: RUNS, rows, exports: exports.runs } as {
      timestamp: string;
    },
    table,
    progress,
  );
  return 0;
}

runBench('bench:mirror', cleanup, main);
