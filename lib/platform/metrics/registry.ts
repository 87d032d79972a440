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
  return {
    registry,
    requests: new Counter({
      name: 'kros_addon_requests_total',
      help: 'Requests answered at a door (lib/owners/ops/requests.ts), by endpoint, method, HTTP status and reason code.',
      labelNames: ['endpoint', 'method', 'status', 'reason'] as const,
      registers,
    }),
    launches: new Counter({
      name: 'kros_addon_launches_total',
      help: 'Launch steps ended: exchange (gateway token-exchange), sign_in (browser callback), by outcome and reason code.',
      labelNames: ['step', 'outcome', 'reason'] as const,
      registers,
    }),
    tokenDeliveries: new Counter({
      name: 'kros_addon_token_deliveries_total',
      help: 'Token-delivery requests of the gateway, by outcome and reason code.',
      labelNames: ['outcome', 'reason'] as const,
      registers,
    }),
    deliveredTokens: new Counter({
      name: 'kros_addon_delivered_tokens_total',
      help: 'Companies in accepted token deliveries: stored, or skipped with the reason.',
      labelNames: ['outcome'] as const,
      registers,
    }),
    webhookReceipts: new Counter({
      name: 'kros_addon_webhook_receipts_total',
      help: 'Notifications of the service received, by outcome (accepted, duplicate, refused, failed) and reason code.',
      labelNames: ['outcome', 'reason'] as const,
      registers,
    }),
    dataApiCalls: new Counter({
      name: 'kros_addon_data_api_calls_total',
      help: 'Data-API calls ended, by endpoint family, final HTTP status (none: no answer), outcome kind and company.',
      labelNames: ['family', 'status', 'kind', 'tenant_id'] as const,
      registers,
    }),
    dataApiRateLimited: new Counter({
      name: 'kros_addon_data_api_rate_limited_total',
      help: '429 answers of the data API (retried ones included), by endpoint family and company.',
      labelNames: ['family', 'tenant_id'] as const,
      registers,
    }),
    budgetWait: new Histogram({
      name: 'kros_addon_data_api_budget_wait_seconds',
      help: "Time a data-API call waited for its token's budget, by priority (page, background).",
      labelNames: ['priority'] as const,
      buckets: OPS_WAIT_BUCKETS_MS.map((ms) => ms / 1_000),
      registers,
    }),
    queueJobs: new Gauge({
      name: 'kros_addon_job_queue_jobs',
      help: 'Jobs in each queue by state (created, retry, active), read from the database at scrape time.',
      labelNames: ['queue', 'state'] as const,
      registers,
    }),
    syncLag: new Gauge({
      name: 'kros_addon_mirror_sync_lag_seconds',
      help: "Seconds since each syncing or ready company's mirror last synced, read at scrape time.",
      labelNames: ['tenant_id'] as const,
      registers,
    }),
    syncLagMax: new Gauge({
      name: 'kros_addon_mirror_sync_lag_max_seconds',
      help: 'The largest sync lag of any syncing or ready company, read at scrape time.',
      registers,
    }),
    scrapeReadFailures: new Counter({
      name: 'kros_addon_metrics_database_read_failures_total',
      help: 'Scrapes whose database readings (queue depth, sync lag) failed; those gauges kept their last values.',
      registers,
    }),
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
