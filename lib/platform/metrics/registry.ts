import 'server-only';

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import { OPS_WAIT_BUCKETS_MS } from '@/lib/platform/metrics/wait-buckets';

/**
 * The process's Prometheus metrics, served by GET /api/metrics. Each instance counts its own requests; Prometheus
 * scrapes every instance and sums (`sum by (…)`). Labels are bounded sets only: reason codes, endpoint families,
 * statuses, queue names and company ids (`tenant_id`, bounded by the companies using the add-on), never a
 * record id, user or secret. Names and labels are listed in docs/operations.md ("Metrics").
 */
function createMetrics() {
  const registry = new Registry();
  // Process CPU, memory, event-loop lag, GC, handles: prom-client's usual set, under its usual names.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  // A metric is its name, its help and its label names (the labels it may be given), in this registry only.
  const counter = <L extends string = string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });
  const gauge = <L extends string = string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });
  return {
    registry,
    requests: counter(
      'kros_addon_requests_total',
      'Requests answered at a door (lib/owners/ops/requests.ts), by endpoint, method, HTTP status and reason code.',
      ['endpoint', 'method', 'status', 'reason'],
    ),
    launches: counter(
      'kros_addon_launches_total',
      'Launch steps ended: exchange (gateway token-exchange), sign_in (browser callback), by outcome and reason code.',
      ['step', 'outcome', 'reason'],
    ),
    tokenDeliveries: counter(
      'kros_addon_token_deliveries_total',
      'Token-delivery requests of the gateway, by outcome and reason code.',
      ['outcome', 'reason'],
    ),
    deliveredTokens: counter(
      'kros_addon_delivered_tokens_total',
      'Companies in accepted token deliveries: stored, or skipped with the reason.',
      ['outcome'],
    ),
    webhookReceipts: counter(
      'kros_addon_webhook_receipts_total',
      'Notifications of the service received, by outcome (accepted, duplicate, refused, failed) and reason code.',
      ['outcome', 'reason'],
    ),
    dataApiCalls: counter(
      'kros_addon_data_api_calls_total',
      'Data-API calls ended, by endpoint family, final HTTP status (none: no answer), outcome kind and company.',
      ['family', 'status', 'kind', 'tenant_id'],
    ),
    dataApiRateLimited: counter(
      'kros_addon_data_api_rate_limited_total',
      '429 answers of the data API (retried ones included), by endpoint family and company.',
      ['family', 'tenant_id'],
    ),
    budgetWait: new Histogram({
      name: 'kros_addon_data_api_budget_wait_seconds',
      help: "Time a data-API call waited for its token's budget, by priority (page, background).",
      labelNames: ['priority'] as const,
      buckets: OPS_WAIT_BUCKETS_MS.map((ms) => ms / 1_000),
      registers,
    }),
    queueJobs: gauge(
      'kros_addon_job_queue_jobs',
      'Jobs in each queue by state (created, retry, active), read from the database at scrape time.',
      ['queue', 'state'],
    ),
    syncLag: gauge(
      'kros_addon_mirror_sync_lag_seconds',
      "Seconds since each syncing or ready company's mirror last synced, read at scrape time.",
      ['tenant_id'],
    ),
    syncLagMax: gauge(
      'kros_addon_mirror_sync_lag_max_seconds',
      'The largest sync lag of any syncing or ready company, read at scrape time.',
    ),
    scrapeReadFailures: counter(
      'kros_addon_metrics_database_read_failures_total',
      'Scrapes whose database readings (queue depth, sync lag) failed; those gauges kept their last values.',
    ),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// One registry per process, on globalThis: Next loads route handlers and instrumentation as separate bundles, and
// a second registry would count apart (and collectDefaultMetrics must run once).
const slot = globalThis as typeof globalThis & { __addonMetrics?: Metrics };

export function getMetrics(): Metrics {
  slot.__addonMetrics ??= createMetrics();
  return slot.__addonMetrics;
}
