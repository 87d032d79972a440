/**
 * The export's downloads through the product (part of `bench:mirror-pages`, issue 17): the company's whole invoice
 * list fetched from `…/invoices/export.xlsx` and `…/export.csv` over HTTP with the user's session, one download at a
 * time, read as fast as the client can. Per download: the time to the answer's headers, to the body's first byte
 * (what a person waits for before the browser shows the download running) and to its last byte, and the size.
 * Aim: the XLSX's first byte within 0.5 s. Then the limit: two XLSX downloads held open (not read), the status of
 * a third, and once the two are cancelled, how long until a new one is served (the server learns of the cancel when
 * the connection closes).
 */
import { performance } from 'node:perf_hooks';

import type { Fetch } from './http';
import { type Latency, megabytes, summarize } from './stats';

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

export type ExportLimit = { heldOpen: number[]; third: number; servedAgainAfterMs: number | null };

/** Two downloads held open, a third asked for, then the two cancelled and a new one asked for until it is served. */
async function measureLimit(fetch: Fetch, url: string, cookie: string): Promise<ExportLimit> {
  const ask = () =>
    fetch(url, { headers: { cookie, accept: 'application/json' }, signal: AbortSignal.timeout(120_000) });
  const held = [await ask(), await ask()];
  const third = await ask();
  await (third.status === 200 ? third.body?.cancel() : third.arrayBuffer());
  await Promise.all(held.map((response) => response.body!.cancel()));
  const cancelled = performance.now();
  let servedAgainAfterMs: number | null = null;
  while (performance.now() - cancelled < 5_000) {
    const again = await ask();
    await (again.status === 200 ? again.body?.cancel() : again.arrayBuffer());
    if (again.status === 200) {
      servedAgainAfterMs = Math.round(performance.now() - cancelled);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { heldOpen: held.map((response) => response.status), third: third.status, servedAgainAfterMs };
}

/** Downloads each format RUNS times after one untimed download and reports the figures and a markdown table. */
export async function measureExportDownloads(
  options: { fetch: Fetch; baseUrl: string; tenantId: string; cookie: string },
  progress: (message: string) => void,
): Promise<{ downloads: ExportDownloads[]; limit: ExportLimit; table: string }> {
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
  const limit = await measureLimit(
    options.fetch,
    `${options.baseUrl}/companies/${options.tenantId}/invoices/export.xlsx`,
    options.cookie,
  );
  progress(`export limit: ${JSON.stringify(limit)}`);
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
    '',
    `Two XLSX downloads held open (${limit.heldOpen.join(', ')}): a third answered ${limit.third}; once both were ` +
      `cancelled, a new one was served ${limit.servedAgainAfterMs === null ? 'not within 5 s' : `after ${limit.servedAgainAfterMs} ms`}.`,
  ].join('\n');
  return { downloads, limit, table };
}
