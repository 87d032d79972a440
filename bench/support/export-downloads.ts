/**
 * The export's downloads through the product (part of `bench:mirror-pages`, issue 17): the company's whole invoice
 * list fetched from `…/invoices/export.xlsx` and `…/export.csv` over HTTP with the user's session, one download at a
 * time, read as fast as the client can. Per download: the time to the answer's headers, to the body's first byte
 * (what a person waits for before the browser shows the download running) and to its last byte, and the size.
 * Aim: the XLSX's first byte within 0.5 s.
 */
import { performance } from 'node:perf_hooks';
import type { Fetch } from './http';
import { megabytes, summarize, type Latency } from './stats';

const RUNS = 3;
export const EXPORT_FIRST_BYTE_AIM_MS = 500;

type Download = { status: number; headersMs: number; firstByteMs: number; lastByteMs: number; bytes: number };

export type ExportDownloads = {
  format: 'xlsx' | 'csv';
  runs: number;
  status: number[];
  headersMs: Latency;
  firstByteMs: Latency;
  lastByteMs: Latency;
  megabytes: number;
};

async function downloadOnce(fetch: Fetch, url: string, cookie: string): Promise<Download> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, accept: '*/*' }, signal: AbortSignal.timeout(120_000) });
  const headersMs = performance.now() - started;
  let firstByteMs = Number.NaN;
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0 && chunk.byteLength > 0) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
  }
  return { status: response.status, headersMs, firstByteMs, lastByteMs: performance.now() - started, bytes };
}

/** Downloads each format RUNS times after one untimed download and reports the figures and a markdown table. */
export async function measureExportDownloads(
  options: { fetch: Fetch; baseUrl: string; tenantId: string; cookie: string },
  progress: (message: string) => void,
): Promise<{ downloads: ExportDownloads[]; table: string }> {
  const downloads: ExportDownloads[] = [];
  for (const format of ['xlsx', 'csv'] as const) {
    const url = `${options.baseUrl}/companies/${options.tenantId}/invoices/export.${format}`;
    await downloadOnce(options.fetch, url, options.cookie);
    const measured: Download[] = [];
    for (let run = 0; run < RUNS; run += 1) measured.push(await downloadOnce(options.fetch, url, options.cookie));
    const figures: ExportDownloads = {
      format,
      runs: RUNS,
      status: measured.map((each) => each.status),
      headersMs: summarize(measured.map((each) => Math.round(each.headersMs))),
      firstByteMs: summarize(measured.map((each) => Math.round(each.firstByteMs))),
      lastByteMs: summarize(measured.map((each) => Math.round(each.lastByteMs))),
      megabytes: megabytes(measured[0]!.bytes),
    };
    progress(
      `export ${format}: first byte ${measured.map((each) => Math.round(each.firstByteMs)).join(' / ')} ms, ` +
        `last byte ${measured.map((each) => Math.round(each.lastByteMs)).join(' / ')} ms`,
    );
    downloads.push(figures);
  }
  const xlsx = downloads.find((each) => each.format === 'xlsx')!;
  const table = [
    `Export of the whole invoice list over HTTP (one download at a time, ${RUNS} runs after one untimed):`,
    '',
    '| format | status | headers ms p50 | first byte ms p50 / max | last byte ms p50 / max | MB | aim |',
    '|---|---|---|---|---|---|---|',
    ...downloads.map(
      (each) =>
        `| ${each.format} | ${[...new Set(each.status)].join(', ')} | ${each.headersMs.p50} | ${each.firstByteMs.p50} / ${each.firstByteMs.max} | ${each.lastByteMs.p50} / ${each.lastByteMs.max} | ${each.megabytes} | ` +
        (each === xlsx
          ? `first byte < ${EXPORT_FIRST_BYTE_AIM_MS} ms: ${each.firstByteMs.max < EXPORT_FIRST_BYTE_AIM_MS ? 'met' : 'missed'} |`
          : '— |'),
    ),
  ].join('\n');
  return { downloads, table };
}
