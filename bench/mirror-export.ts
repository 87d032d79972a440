/**
 * The export's part of `npm run bench:mirror` (issue 11): the whole 20 000-invoice list streamed to its end as CSV
 * and as XLSX, the way the export's address streams it (lib/features/documents/export/export.ts: keyset batches from the
 * mirror, csv-stringify or exceljs's streaming writer), read as fast as the reader can. Per format and view: the wall
 * time to the last byte, the file's size, and the peak extra memory of the process over the run (RSS and heap,
 * sampled every 5 ms, above what it used just before). Aim: CSV of 20 000 rows in < 3 s with < 100 MB extra.
 */
import { performance } from 'node:perf_hooks';

import { exportFile } from '@/lib/features/documents/export/export';
import type { MirrorView } from '@/lib/features/documents/queries';
import type { ExportFormat } from '@/lib/features/lists/export-file';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';

import { megabytes } from './support/stats';

export type ExportRun = {
  format: ExportFormat;
  view: string;
  rows: number;
  megabytes: number;
  /** Wall time to the last byte, per run. */
  seconds: number[];
  /** The most the process grew over the run, above its use just before (MB). */
  peakExtraRss: number;
  peakExtraHeap: number;
};

const RUNS = 3;

async function streamOnce(db: Db, company: MirrorCompany, format: ExportFormat, view: MirrorView<'invoices'>) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 5);
  const started = performance.now();
  const failures: unknown[] = [];
  const file = exportFile(db, company, {
    kind: 'invoices',
    format,
    view,
    locale: 'sk',
    company: { name: 'Bench s.r.o.', tenantId: company.tenantId },
    today: '2026-11-24',
    failed: (error) => failures.push(error),
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of file.body) {
    bytes += chunk.byteLength;
    if (format === 'csv') for (const byte of chunk) if (byte === 0x0a) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (failures.length > 0) throw failures[0] instanceof Error ? failures[0] : new Error('export failed');
  return { seconds, bytes, rows: lines - 1, extraRss: peakRss - before.rss, extraHeap: peakHeap - before.heapUsed };
}

/** Streams each export RUNS times (after one untimed run) and reports the figures and a markdown table. */
export async function measureExports(
  db: Db,
  company: MirrorCompany,
  progress: (message: string) => void,
): Promise<{ runs: ExportRun[]; table: string }> {
  const views: [string, MirrorView<'invoices'>][] = [
    ['whole list, newest first', {}],
    ['whole list, sorted by partner', { sort: 'partner' }],
    ['searched "s.r.o" (ranked by similarity)', { q: 's.r.o' }],
  ];
  const runs: ExportRun[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    for (const [name, view] of views) {
      await streamOnce(db, company, format, view);
      const measured = [];
      for (let run = 0; run < RUNS; run += 1) measured.push(await streamOnce(db, company, format, view));
      const result: ExportRun = {
        format,
        view: name,
        rows: measured[0]!.rows,
        megabytes: megabytes(measured[0]!.bytes),
        seconds: measured.map((each) => Math.round(each.seconds * 100) / 100),
        peakExtraRss: megabytes(Math.max(...measured.map((each) => each.extraRss))),
        peakExtraHeap: megabytes(Math.max(...measured.map((each) => each.extraHeap))),
      };
      progress(`export ${format}, ${name}: ${result.seconds.join(' / ')} s, +${result.peakExtraRss} MB RSS`);
      runs.push(result);
    }
  }
  const table = [
    `Export of the invoice list (streamed to its end, ${RUNS} runs each after one untimed):`,
    '',
    '| format | view | rows | file MB | seconds per run | peak extra RSS MB | peak extra heap MB |',
    '|---|---|---|---|---|---|---|',
    ...runs.map(
      (run) =>
        `| ${run.format} | ${run.view} | ${run.format === 'csv' ? run.rows : '—'} | ${run.megabytes} | ${run.seconds.join(' / ')} | ${run.peakExtraRss} | ${run.peakExtraHeap} |`,
    ),
  ].join('\n');
  return { runs, table };
}
