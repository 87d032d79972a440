import { availableParallelism, cpus } from 'node:os';

import type { LoadResult } from './load';
import type { MemoryPeaks } from './memory';
import { errorRate, megabytes, perAttempt, summarize } from './stats';

/** The figures of one run: printed as a markdown table and written as JSON, so both always agree. */

export type RunConfig = {
  launchesRequested: number;
  warmupLaunches: number;
  concurrency: number;
  maxDurationSeconds: number;
  aims: { exchangeP99Ms: number; launchesPerSecond: number; peakRssMb: number };
};
export type CpuMs = { server: number; postgres: number; loadGenerator: number };
export type Extra = {
  client: string;
  jwksFetches: number;
  serverLogLines: number;
  loadAverage: [number, number];
  buildId: string;
};

/** The host a run measured on, and the build (others rebuild `.next` on this host: the id tells which). */
export function runEnvironment(loadAverage: [number, number], buildId: string) {
  return {
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    loadAverage1mStartEnd: loadAverage,
    nextBuildId: buildId,
  };
}

export type RunEnvironment = ReturnType<typeof runEnvironment>;

/** The environment's rows of a report's `| metric | value |` table. */
export const environmentRows = (e: RunEnvironment) => [
  `| host load average (1 min), start → end | ${e.loadAverage1mStartEnd[0]} → ${e.loadAverage1mStartEnd[1]} |`,
  `| Node / Next build | ${e.node} / ${e.nextBuildId} |`,
  `| CPUs | ${e.cpus} (${e.cpuModel}) |`,
];

export function buildReport(config: RunConfig, timed: LoadResult, memory: MemoryPeaks, cpu: CpuMs, extra: Extra) {
  const { aims } = config;
  const exchange = summarize(timed.exchangeMs);
  const callback = summarize(timed.callbackMs);
  const launchesPerSecond = Math.round((timed.succeeded / (timed.elapsedMs / 1000)) * 10) / 10;
  const peakRssMb = megabytes(memory.peakRss);
  const perLaunch = (ms: number) => perAttempt(ms, timed.attempted);
  const cpuPerLaunch = {
    server: perLaunch(cpu.server),
    postgres: perLaunch(cpu.postgres),
    loadGenerator: perLaunch(cpu.loadGenerator),
  };
  const cpuTotal = cpuPerLaunch.server + cpuPerLaunch.postgres + cpuPerLaunch.loadGenerator;
  return {
    timestamp: new Date().toISOString(),
    config: {
      launchesRequested: config.launchesRequested,
      warmupLaunches: config.warmupLaunches,
      concurrency: config.concurrency,
      maxDurationSeconds: config.maxDurationSeconds,
      serverLogLevel: 'warn',
      client: extra.client,
    },
    result: {
      attempted: timed.attempted,
      succeeded: timed.succeeded,
      errors: timed.failed,
      errorRate: errorRate(timed.failed, timed.attempted),
      elapsedSeconds: Math.round(timed.elapsedMs) / 1000,
      launchesPerSecond,
      tokenExchangeMs: exchange,
      callbackMs: callback,
      statuses: timed.statuses,
      serverPeakRssMb: peakRssMb,
      serverVmHwmMb: megabytes(memory.highWaterMark),
      jwksFetches: extra.jwksFetches,
      serverLogLines: extra.serverLogLines,
      cpuMsPerLaunch: cpuPerLaunch,
      // What the CPUs could do if nothing else ran on them: all cores divided by the CPU one launch costs.
      cpuBoundCeilingLaunchesPerSecond: cpuTotal > 0 ? Math.round((availableParallelism() * 1000) / cpuTotal) : null,
    },
    environment: runEnvironment(extra.loadAverage, extra.buildId),
    aims: {
      tokenExchangeP99: { aimMs: aims.exchangeP99Ms, met: exchange.p99 < aims.exchangeP99Ms },
      launchesPerSecond: { aim: aims.launchesPerSecond, met: launchesPerSecond >= aims.launchesPerSecond },
      peakRss: { aimMb: aims.peakRssMb, met: peakRssMb < aims.peakRssMb },
    },
  };
}

export type Report = ReturnType<typeof buildReport>;

export function markdown(r: Report): string {
  const { result: x, aims, environment: e } = r;
  const mark = (met: boolean) => (met ? 'met' : '**missed**');
  const ms = (l: { p50: number; p99: number; max: number }) => `${l.p50} / ${l.p99} / ${l.max}`;
  const cpu = x.cpuMsPerLaunch;
  const statuses = Object.entries(x.statuses)
    .map(([key, n]) => `${key}: ${n}`)
    .join(', ');
  return [
    `## Launch benchmark: token-exchange → callback, ${r.config.concurrency} clients`,
    '',
    '| metric | value |',
    '|---|---|',
    `| launches (ok / attempted) | ${x.succeeded} / ${x.attempted} in ${x.elapsedSeconds} s |`,
    `| errors | ${x.errors} (${(x.errorRate * 100).toFixed(2)}%) |`,
    `| full launches/s | ${x.launchesPerSecond} ` +
      `(aim ≥ ${aims.launchesPerSecond.aim}: ${mark(aims.launchesPerSecond.met)}) |`,
    `| token-exchange p50 / p99 / max ms | ${ms(x.tokenExchangeMs)} ` +
      `(aim p99 < ${aims.tokenExchangeP99.aimMs}: ${mark(aims.tokenExchangeP99.met)}) |`,
    `| callback p50 / p99 / max ms | ${ms(x.callbackMs)} |`,
    `| server peak RSS MB | ${x.serverPeakRssMb} (aim < ${aims.peakRss.aimMb}: ${mark(aims.peakRss.met)}); ` +
      `VmHWM ${x.serverVmHwmMb} |`,
    `| CPU ms per launch: server / PostgreSQL / load generator | ${cpu.server} / ${cpu.postgres} / ${cpu.loadGenerator} ` +
      `(ceiling on idle CPUs ≈ ${x.cpuBoundCeilingLaunchesPerSecond ?? '?'} launches/s) |`,
    ...environmentRows(e),
    '',
    `Status counts: ${statuses || 'none'}.`,
    `Notes: server run with LOG_LEVEL=warn (the per-request info log line is off, it would distort the figures; ` +
      `${x.serverLogLines} line(s) logged at warn or above). Load generator, server and PostgreSQL share the same ` +
      `${e.cpus} CPUs with whatever else runs on the host (see load average). Latency is per request, body read, ` +
      `over ${r.config.client}; ${r.config.warmupLaunches} untimed warm-up launches first. Peak RSS is sampled ` +
      `every 200 ms over the server's process tree; VmHWM is the kernel's high-water mark. ` +
      `Key set fetched ${x.jwksFetches} time(s).`,
  ].join('\n');
}
