/**
 * `npm run bench:browser` (not part of `npm run bench`: it needs the production build and a browser): what a list
 * costs the server once a real browser has it. The benchmarks that fetch pages without a browser never see what the
 * page asks for after it arrives: Next's `<Link>` prefetched every link in view, each a dynamic server render
 * (issue 31).
 *
 * `next start` (production build, MIRROR_SYNC=on) on a real PostgreSQL with the sandbox's data API in this process;
 * Jana launches in Debian's Chromium (playwright-core, /usr/bin/chromium) from the sandbox's launch page, at
 * 1280×900, and the company's first full sync (and the expenses' journals) ends before anything is measured. Then,
 * after one warm-up round, BENCH_BROWSER_ROUNDS (3) rounds over the views (invoices, expenses, payments, partners,
 * stock, imports, overview), each in a fresh tab: per view,
 * - the server requests beyond static files (documents, RSC prefetches, RSC navigations, other: JSON looks), as the
 *   browser sends them (tests/e2e/support/server-requests.ts);
 * - the time from the navigation to the end of the last request of the page, once it settled: hydrated, then network
 *   idle (no request for 500 ms, as Playwright's `networkidle`, which alone may come before the hydration and so
 *   before the first prefetch); given up after BENCH_BROWSER_IDLE_MS (30 000);
 * - the server's CPU (its process tree's utime + stime from /proc) from the navigation until the server is quiet
 *   again after the tab is closed (< 20 ms of CPU in 500 ms): renders the browser gave up on still cost it.
 * Medians over the rounds. Writes bench/results/browser-views-<timestamp>.json. Uses the existing build in `.next`.
 */
import type { Browser, Page } from 'playwright-core';

import { freshContext, launchChromium, launchFromSandbox } from '../tests/e2e/support/browser';
import { recordServerRequests, type ServerRequest, type ServerRequestKind } from '../tests/e2e/support/server-requests';
import { installCleanup, positiveInteger } from './support/cleanup';
import { cpuMsBetween, cpuMsByPid } from './support/cpu';
import { nextBuildId, openBench, publish, runBench, startWithSandbox } from './support/harness';
import { processTree } from './support/memory';
import { waitForExpenseJournals, waitForMirrors } from './support/mirror-calls';
import { summarize } from './support/stats';

const ROUNDS = positiveInteger('BENCH_BROWSER_ROUNDS', 3);
const IDLE_MS = positiveInteger('BENCH_BROWSER_IDLE_MS', 30_000);
const TENANT = '10001';
const VIEWS = ['invoices', 'expenses', 'payments', 'partners', 'stock', 'imports', ''] as const;
const KINDS: ServerRequestKind[] = ['document', 'prefetch', 'rsc', 'other'];
/** The server is quiet when it spends less than this much CPU in QUIET_WINDOW_MS. */
const QUIET_CPU_MS = 20;
const QUIET_WINDOW_MS = 500;
const QUIET_GIVE_UP_MS = 120_000;

const progress = (message: string) => console.error(`[bench:browser] ${message}`);
const cleanup = installCleanup(progress);

const nameOf = (view: string) => view || 'overview';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server's process tree is quiet (see QUIET_CPU_MS), or QUIET_GIVE_UP_MS passed. */
async function serverQuiet(pid: number): Promise<void> {
  const deadline = Date.now() + QUIET_GIVE_UP_MS;
  let before = cpuMsByPid(processTree(pid));
  while (Date.now() < deadline) {
    await sleep(QUIET_WINDOW_MS);
    const now = cpuMsByPid(processTree(pid));
    if (cpuMsBetween(before, now) < QUIET_CPU_MS) return;
    before = now;
  }
  progress(`the server was still busy ${QUIET_GIVE_UP_MS / 1000} s after a view`);
}

type Sample = {
  view: string;
  requests: Record<ServerRequestKind, number>;
  /** Beyond static files, all kinds. */
  serverRequests: number;
  idle: boolean;
  lastRequestDoneMs: number;
  serverCpuMs: number;
  prefetched: string[];
};

/** One view in a fresh tab: requests until network idle, then the tab closed and the server left to finish. */
async function measure(
  browser: { newPage: () => Promise<Page> },
  url: string,
  origin: string,
  serverPid: number,
): Promise<Omit<Sample, 'view'>> {
  const page = await browser.newPage();
  const recorder = recordServerRequests(page, origin);
  let lastDone = 0;
  const started = performance.now();
  const done = () => (lastDone = performance.now() - started);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const cpuBefore = cpuMsByPid(processTree(serverPid));
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  const idle = await recorder.settled(page.mainFrame(), IDLE_MS);
  recorder.stop();
  const seen: ServerRequest[] = await recorder.requests();
  await page.close();
  await serverQuiet(serverPid);
  const serverCpuMs = cpuMsBetween(cpuBefore, cpuMsByPid(processTree(serverPid)));
  const requests = Object.fromEntries(
    KINDS.map((kind) => [kind, seen.filter((each) => each.kind === kind).length]),
  ) as Record<ServerRequestKind, number>;
  return {
    requests,
    serverRequests: seen.length,
    idle,
    lastRequestDoneMs: Math.round(lastDone),
    serverCpuMs: Math.round(serverCpuMs),
    prefetched: seen.filter((each) => each.kind === 'prefetch').map((each) => each.path),
  };
}

async function main(): Promise<number> {
  const buildId = nextBuildId();
  const bench = await openBench(cleanup, progress);
  const { sandbox, server, memory, healthy, addonUrl } = await startWithSandbox(bench, progress, () => ({
    MIRROR_SYNC: 'on',
  }));
  await healthy();
  const browser: Browser = await launchChromium();
  cleanup.add('closed the browser', () => browser.close());
  const context = await freshContext(browser, { locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const launch = await launchFromSandbox(
    context,
    { sandboxUrl: sandbox.url, addonUrl },
    { userKey: 'jana', tenantIds: [TENANT] },
  );
  await launch.page.close();
  progress('Jana launched in Chromium: waiting for the first full sync and the expenses’ journals');
  await waitForMirrors(bench.database.url, (states) => states.get(TENANT)?.fullSyncedAt != null, {
    timeoutMs: 900_000,
    signal: cleanup.signal,
  });
  await waitForExpenseJournals(bench.database.url, TENANT, { timeoutMs: 900_000, signal: cleanup.signal });
  await serverQuiet(server.pid);

  const origin = new URL(addonUrl).origin;
  const urlOf = (view: string) => `${addonUrl}/companies/${TENANT}${view ? `/${view}` : ''}`;
  for (const view of VIEWS) {
    await measure(context, urlOf(view), origin, server.pid);
    progress(`warm-up: ${nameOf(view)}`);
  }
  const samples: Sample[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const view of VIEWS) {
      if (cleanup.signal.aborted) throw new Error('interrupted');
      const sample = { view: nameOf(view), ...(await measure(context, urlOf(view), origin, server.pid)) };
      samples.push(sample);
      progress(
        `round ${round}: ${sample.view}: ${sample.serverRequests} server requests (${sample.requests.prefetch} prefetches), ` +
          `${sample.idle ? `idle, last at ${sample.lastRequestDoneMs} ms` : `not idle within ${IDLE_MS} ms`}, ` +
          `server CPU ${sample.serverCpuMs} ms`,
      );
    }
  }

  const views = VIEWS.map(nameOf).map((view) => {
    const own = samples.filter((sample) => sample.view === view);
    const median = (of: (sample: Sample) => number) => summarize(own.map(of)).p50;
    return {
      view,
      rounds: own.length,
      idleRounds: own.filter((sample) => sample.idle).length,
      serverRequests: median((sample) => sample.serverRequests),
      byKind: Object.fromEntries(KINDS.map((kind) => [kind, median((sample) => sample.requests[kind])])),
      lastRequestDoneMs: median((sample) => sample.lastRequestDoneMs),
      serverCpuMs: median((sample) => sample.serverCpuMs),
      prefetchedExample: own[0]?.prefetched.slice(0, 10) ?? [],
    };
  });
  const figures = {
    timestamp: new Date().toISOString(),
    buildId,
    company: TENANT,
    viewport: '1280×900',
    rounds: ROUNDS,
    idleGiveUpMs: IDLE_MS,
    views,
    samples,
    serverPeakRssMb: Math.round(memory.peakRss() / 1024 / 1024),
  };
  memory.stop();

  const table = [
    `Views of company ${TENANT} in Chromium (production build, 1280×900), median of ${ROUNDS} rounds:`,
    '',
    '| view | server requests | documents | RSC prefetches | RSC navigations | other | network idle | last request done ms | server CPU ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...views.map(
      (v) =>
        `| ${v.view} | ${v.serverRequests} | ${v.byKind.document} | ${v.byKind.prefetch} | ${v.byKind.rsc} | ${v.byKind.other} | ${v.idleRounds}/${v.rounds} | ${v.lastRequestDoneMs} | ${v.serverCpuMs} |`,
    ),
  ].join('\n');
  publish('browser-views', figures, table, progress);
  return 0;
}

runBench('bench:browser', cleanup, main);
