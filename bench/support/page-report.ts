import type { AttributedView, RateSignals } from './attribution';
import type { MemoryPeaks } from './memory';
import type { ViewKind } from './page-plan';
import { type CpuMs, environmentRows, runEnvironment } from './report';
import { countBy, errorRate, megabytes, perAttempt, summarize } from './stats';

/** The figures of one page-benchmark run: printed as a markdown table and written as JSON, so both always agree. */

export type PageRunConfig = {
  viewsRequested: number;
  warmupViews: number;
  sessions: string[];
  intervalMs: number;
  /** A view whose first data-API call came later than this after it began is counted as having waited. */
  waitThresholdMs: number;
  aims: { overServiceP95Ms: number; callsPerListView: number; maxErrorRate: number };
};

export type PageExtra = {
  client: string;
  serverLogLines: number;
  loadAverage: [number, number];
  buildId: string;
  elapsedMs: number;
};

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

function kindFigures(all: readonly AttributedView[], waitThresholdMs: number) {
  const ok = all.filter((v) => v.error === null);
  const calls = ok.map((v) => v.calls);
  return {
    views: all.length,
    ok: ok.length,
    errors: all.length - ok.length,
    errorReasons: countBy(
      all.filter((v) => v.error !== null),
      (v) => v.error as string,
    ),
    // Timing over the views that showed their page; failures are counted above, not mixed in.
    overServiceMs: summarize(ok.map((v) => v.overServiceMs)),
    latencyMs: summarize(ok.map((v) => v.latencyMs)),
    ttfbMs: summarize(ok.map((v) => v.ttfbMs)),
    serviceMs: summarize(ok.map((v) => v.serviceMs)),
    leadMs: summarize(ok.flatMap((v) => (v.leadMs === null ? [] : [v.leadMs]))),
    callsPerView: {
      mean: round(calls.reduce((a, b) => a + b, 0) / Math.max(1, calls.length), 3),
      max: Math.max(0, ...calls),
      histogram: countBy(ok, (v) => String(v.calls)),
    },
    callsByEndpoint: countBy(
      ok.flatMap((v) => v.endpoints),
      (e) => e,
    ),
    waited: ok.filter((v) => v.leadMs !== null && v.leadMs > waitThresholdMs).length,
    overlapped: ok.filter((v) => v.overlapped).length,
    emptyLists: ok.filter((v) => v.empty).length,
    meanRows: round(ok.reduce((sum, v) => sum + v.rows, 0) / Math.max(1, ok.length)),
    meanHtmlKb: round(ok.reduce((sum, v) => sum + v.bytes, 0) / Math.max(1, ok.length) / 1024),
  };
}

export function buildPageReport(
  config: PageRunConfig,
  views: readonly AttributedView[],
  unattributedCalls: number,
  rate: RateSignals,
  memory: MemoryPeaks,
  cpu: CpuMs,
  extra: PageExtra,
) {
  const { aims } = config;
  const byKind = (kind: ViewKind) =>
    kindFigures(
      views.filter((v) => v.kind === kind),
      config.waitThresholdMs,
    );
  const list = byKind('list');
  const detail = byKind('detail');
  const errors = list.errors + detail.errors;
  const perView = (ms: number) => perAttempt(ms, views.length);
  return {
    timestamp: new Date().toISOString(),
    config: {
      viewsRequested: config.viewsRequested,
      warmupViews: config.warmupViews,
      sessions: config.sessions,
      paceMsPerToken: config.intervalMs,
      waitThresholdMs: config.waitThresholdMs,
      serverLogLevel: 'warn',
      client: extra.client,
    },
    result: {
      views: views.length,
      errors,
      errorRate: errorRate(errors, views.length),
      elapsedSeconds: round(extra.elapsedMs / 1000, 2),
      viewsPerSecond: round(views.length / (extra.elapsedMs / 1000)),
      maxViewsInFlight: Math.max(0, ...views.map((v) => v.concurrent)),
      list,
      detail,
      dataApi: { ...rate, unattributedCalls },
      serverPeakRssMb: megabytes(memory.peakRss),
      serverVmHwmMb: megabytes(memory.highWaterMark),
      cpuMsPerView: {
        server: perView(cpu.server),
        postgres: perView(cpu.postgres),
        sandboxAndClient: perView(cpu.loadGenerator),
      },
      serverLogLines: extra.serverLogLines,
      // For a look at the tail: which views they were, and whether they waited, fanned out or met another view.
      slowestViews: [...views]
        .sort((a, b) => b.overServiceMs - a.overServiceMs)
        .slice(0, 10)
        .map((v) => ({
          path: v.path,
          overServiceMs: round(v.overServiceMs),
          latencyMs: round(v.latencyMs),
          ttfbMs: round(v.ttfbMs),
          serviceMs: round(v.serviceMs),
          leadMs: v.leadMs,
          calls: v.calls,
          viewsInFlight: v.concurrent,
          error: v.error,
        })),
    },
    environment: runEnvironment(extra.loadAverage, extra.buildId),
    aims: {
      listOverServiceP95: { aimMs: aims.overServiceP95Ms, met: list.overServiceMs.p95 < aims.overServiceP95Ms },
      detailOverServiceP95: { aimMs: aims.overServiceP95Ms, met: detail.overServiceMs.p95 < aims.overServiceP95Ms },
      // Reference data (numbering sequences) is re-read every 5 minutes: one extra call then is allowed for.
      callsPerListView: { aim: aims.callsPerListView, met: list.callsPerView.mean <= aims.callsPerListView * 1.01 },
    },
  };
}

export type PageReport = ReturnType<typeof buildPageReport>;

export function pageMarkdown(r: PageReport): string {
  const { result: x, aims, environment: e, config: c } = r;
  const mark = (met: boolean) => (met ? 'met' : '**missed**');
  const l3 = (s: { p50: number; p95: number; max: number }) => `${s.p50} / ${s.p95} / ${s.max}`;
  const l2 = (s: { p50: number; p95: number }) => `${s.p50} / ${s.p95}`;
  const counts = (o: Record<string, number>) =>
    Object.entries(o)
      .map(([key, n]) => `${key}: ${n}`)
      .join(', ') || 'none';
  const row = (label: string, list: string, detail: string) => `| ${label} | ${list} | ${detail} |`;
  const { list: L, detail: D } = x;
  const cpu = x.cpuMsPerView;
  return [
    `## Page benchmark: invoice list and invoice detail, ${c.sessions.length} sessions paced at one view per ${c.paceMsPerToken} ms each`,
    '',
    '| metric | invoice list | invoice detail |',
    '|---|---|---|',
    row('views (ok / timed)', `${L.ok} / ${L.views}`, `${D.ok} / ${D.views}`),
    row(
      '**render over the service** p50 / p95 / max ms',
      `${l3(L.overServiceMs)} (aim p95 < ${aims.listOverServiceP95.aimMs}: ${mark(aims.listOverServiceP95.met)})`,
      `${l3(D.overServiceMs)} (aim p95 < ${aims.detailOverServiceP95.aimMs}: ${mark(aims.detailOverServiceP95.met)})`,
    ),
    row('latency, body read, p50 / p95 / max ms', l3(L.latencyMs), l3(D.latencyMs)),
    row('first byte (streamed shell) p50 / p95 ms', l2(L.ttfbMs), l2(D.ttfbMs)),
    row("service's own time p50 / p95 ms", l2(L.serviceMs), l2(D.serviceMs)),
    row('view start → first data-API call p50 / p95 ms', l2(L.leadMs), l2(D.leadMs)),
    row(
      'data-API calls per view: mean / max',
      `${L.callsPerView.mean} / ${L.callsPerView.max} (aim ${aims.callsPerListView.aim}: ${mark(aims.callsPerListView.met)})`,
      `${D.callsPerView.mean} / ${D.callsPerView.max}`,
    ),
    row('calls by endpoint', counts(L.callsByEndpoint), counts(D.callsByEndpoint)),
    row(
      `views that waited for a rate slot (first call > ${c.waitThresholdMs} ms in)`,
      String(L.waited),
      String(D.waited),
    ),
    row('views whose calls overlapped', String(L.overlapped), String(D.overlapped)),
    row('errors', `${L.errors} (${counts(L.errorReasons)})`, `${D.errors} (${counts(D.errorReasons)})`),
    row(
      'HTML KB per view (mean); rows per list',
      `${L.meanHtmlKb}; ${L.meanRows} rows, ${L.emptyLists} empty`,
      `${D.meanHtmlKb}`,
    ),
    '',
    '| run | value |',
    '|---|---|',
    `| views | ${x.views} in ${x.elapsedSeconds} s (${x.viewsPerSecond}/s), at most ${x.maxViewsInFlight} in flight |`,
    `| errors | ${x.errors} (${(x.errorRate * 100).toFixed(2)}%) |`,
    `| data API: 429 answers / answers with none remaining / calls outside any view | ` +
      `${x.dataApi.tooManyRequests} / ${x.dataApi.noneRemaining} / ${x.dataApi.unattributedCalls} |`,
    `| server peak RSS MB | ${x.serverPeakRssMb} (VmHWM ${x.serverVmHwmMb}) |`,
    `| CPU ms per view: server / PostgreSQL / sandbox + client | ${cpu.server} / ${cpu.postgres} / ${cpu.sandboxAndClient} |`,
    ...environmentRows(e),
    '',
    `Notes: render over the service = client latency (whole streamed body) − the sandbox's own handling time of the ` +
      `view's data-API calls (union of their intervals), i.e. the add-on's work plus loopback transfer. Calls are ` +
      `matched to views by company and arrival time (each session is sequential, so exactly). Sessions: ` +
      `${c.sessions.join(', ')}; ${c.warmupViews} untimed warm-up views first; list views rotate filters and Skip with ` +
      `Top=50, detail views rotate invoice ids. Server run with LOG_LEVEL=warn (${x.serverLogLines} line(s) logged). ` +
      `Server, PostgreSQL, sandbox and client share ${e.cpus} CPUs with whatever else runs on the host.`,
  ].join('\n');
}
