/**
 * `npm run bench:budget` (and the last part of `npm run bench`): how many data-API calls a second one token's budget
 * sustains against the sandbox's data API, counted as the sandbox counts them (arrivals in its request log, its own
 * rate limiter), with the budget in a real PostgreSQL as in production.
 *
 * Three runs, each with a token of its own: the sync's calls one after another (background priority, as the mirror
 * pages through a company: invoice lists of 100 with their items), a burst of page calls asked for at once, and the
 * sync running while a page asks for a list every 1.5 s (how long each page call waited for its slot).
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL) names the PostgreSQL server, on which a fresh database
 * `addon_bench_<random>` is created and dropped again; BENCH_BUDGET_CALLS (default 60) sets the calls per run.
 * Prints a markdown table and writes the same figures to bench/results/budget-<timestamp>.json. Exits non-zero when
 * a run saw a 429 or more than 3 arrivals of one token in any second. Needs no build.
 */
import { setTimeout as delay } from 'node:timers/promises';

import { createDataApiClient, type DataApiClient } from '@/lib/service/client';
import type { RateBudget } from '@/lib/service/rate/budget';
import { createPostgresBudget } from '@/lib/service/rate/postgres-budget';
import type { Priority } from '@/lib/service/rate/slots';
import { createTransport } from '@/lib/service/transport';

import { createSandbox, type Sandbox } from '../sandbox/app';
import { maxRequestsInAnyWindow, tokenFingerprint } from '../sandbox/data-api/request-log';
import { installCleanup, positiveInteger } from './support/cleanup';
import { openBench, publish, runBench } from './support/harness';
import { openMigratedPool } from './support/pool';

const CALLS = positiveInteger('BENCH_BUDGET_CALLS', 60);
const PAGE_EVERY_MS = 1_500;
const SETTLE_MS = 1_500;

const progress = (message: string) => console.error(`[bench:budget] ${message}`);
const cleanup = installCleanup(progress);

type RunFigures = {
  name: string;
  calls: number;
  /** Arrivals per second from the first to the last arrival: the sustained rate as the service sees it. */
  callsPerSecond: number;
  wallSeconds: number;
  status429: number;
  maxInAnySecond: number;
  /** Page calls only (the mixed run): time from asking to the service's arrival stamp. */
  pageWaitMs?: { p50: number; max: number };
};

function clientOf(sandbox: Sandbox, budget: RateBudget, token: string, priority: Priority): DataApiClient {
  const transport = createTransport({
    baseUrl: sandbox.url,
    token,
    budgetKey: `bench-${tokenFingerprint(token)}`,
    budget,
    maxQueueWaitMs: 120_000,
    callTimeoutMs: 600_000,
  });
  return createDataApiClient(transport, { priority });
}

/** What the sandbox saw of one token during a run. */
function figuresOf(sandbox: Sandbox, token: string, name: string, startedAt: number): RunFigures {
  const fingerprint = tokenFingerprint(token);
  const seen = sandbox.dataApi.requests().filter((request) => request.tokenFingerprint === fingerprint);
  const arrivals = seen.map((request) => request.at).sort((a, b) => a - b);
  const span = (arrivals.at(-1)! - arrivals[0]!) / 1_000;
  return {
    name,
    calls: seen.length,
    callsPerSecond: Math.round(((arrivals.length - 1) / span) * 100) / 100,
    wallSeconds: Math.round((Date.now() - startedAt) / 100) / 10,
    status429: seen.filter((request) => request.status === 429).length,
    maxInAnySecond: maxRequestsInAnyWindow(seen, 1_000),
  };
}

/** The mirror's way: one page of 100 invoices with their items after another. */
async function sequentialSync(client: DataApiClient, calls: number): Promise<void> {
  for (let i = 0; i < calls; i += 1) await client.invoices.list({ Top: 100, Skip: i * 100, ExtendedFields: 'Items' });
}

async function main(): Promise<number> {
  const bench = await openBench(cleanup, progress);
  const budget = createPostgresBudget(await openMigratedPool(bench));
  const sandbox = await createSandbox({ port: 0, addonUrl: 'http://127.0.0.1:9', pluginId: 'p', apiKey: 'k' });
  cleanup.add('closed the sandbox', () => sandbox.close());
  const tokenOf = () => sandbox.tokens.issue('10001', 'jana.novakova@example.sk');
  // The company's data is generated on its first request: not part of any run.
  await clientOf(sandbox, budget, tokenOf(), 'page').invoices.list({ Top: 1 });
  await delay(SETTLE_MS);

  const runs: RunFigures[] = [];

  {
    const token = tokenOf();
    const startedAt = Date.now();
    await sequentialSync(clientOf(sandbox, budget, token, 'background'), CALLS);
    runs.push(figuresOf(sandbox, token, 'sync, one call after another (background)', startedAt));
    progress(JSON.stringify(runs.at(-1)));
  }
  await delay(SETTLE_MS);

  {
    const token = tokenOf();
    const client = clientOf(sandbox, budget, token, 'page');
    const startedAt = Date.now();
    await Promise.all(Array.from({ length: CALLS }, (_, i) => client.invoices.list({ Top: 50, Skip: i * 50 })));
    runs.push(figuresOf(sandbox, token, `${CALLS} page calls asked for at once`, startedAt));
    progress(JSON.stringify(runs.at(-1)));
  }
  await delay(SETTLE_MS);

  {
    const token = tokenOf();
    const page = clientOf(sandbox, budget, token, 'page');
    const startedAt = Date.now();
    const sync = sequentialSync(clientOf(sandbox, budget, token, 'background'), CALLS);
    const asked: { at: number; skip: number }[] = [];
    let done = false;
    void sync.finally(() => (done = true));
    const pages: Promise<unknown>[] = [];
    for (let i = 0; !done; i += 1) {
      await delay(PAGE_EVERY_MS);
      if (done) break;
      // Top 7 marks a page call in the request log (the sync asks for 100).
      asked.push({ at: Date.now(), skip: i });
      pages.push(page.invoices.list({ Top: 7, Skip: i }));
    }
    await Promise.all([sync, ...pages]);
    const figures = figuresOf(sandbox, token, 'sync with a page call every 1.5 s', startedAt);
    const fingerprint = tokenFingerprint(token);
    const waits = asked
      .map(({ at, skip }) => {
        const arrival = sandbox.dataApi
          .requests()
          .find((r) => r.tokenFingerprint === fingerprint && r.query === `?Top=7&Skip=${skip}`);
        return (arrival?.at ?? Number.NaN) - at;
      })
      .sort((a, b) => a - b);
    figures.pageWaitMs = {
      p50: Math.round(waits[Math.floor(waits.length / 2)] ?? 0),
      max: Math.round(waits.at(-1) ?? 0),
    };
    runs.push(figures);
    progress(JSON.stringify(figures));
  }

  const table = [
    '| run | calls | calls/s (arrivals) | wall s | 429s | most in any 1 s | page call wait p50 / max |',
    '|---|---|---|---|---|---|---|',
    ...runs.map(
      (run) =>
        `| ${run.name} | ${run.calls} | ${run.callsPerSecond} | ${run.wallSeconds} | ${run.status429} | ${run.maxInAnySecond} | ${run.pageWaitMs ? `${run.pageWaitMs.p50} / ${run.pageWaitMs.max} ms` : ''} |`,
    ),
  ].join('\n');
  publish(
    'budget',
    { timestamp: new Date().toISOString(), calls: CALLS, runs } as { timestamp: string },
    table,
    progress,
  );
  return runs.some((run) => run.status429 > 0 || run.maxInAnySecond > 3) ? 1 : 0;
}

runBench('bench:budget', cleanup, main);
