import 'server-only';

import { type LaunchOutcome, recordDataApiUse, recordLaunch } from '@/lib/owners/ops/record';
import { getEnv } from '@/lib/platform/env';
import type { RequestLog } from '@/lib/platform/log';
import { getMetrics } from '@/lib/platform/metrics/registry';
import { SERVICE_COLLECTIONS } from '@/lib/service/document-paths';
import type { CallOutcome } from '@/lib/service/transport';

/**
 * What the places that know call, one line each: they count in this process's metrics and add to the durable
 * operational records (batched, lib/owners/ops/record.ts). Nothing here throws or waits on anything.
 */

/** Reason codes are our own constants; anything else (it should not happen) is one label value, not a new series. */
const boundedReason = (reason: string) => (/^[a-z0-9_.-]{1,64}$/i.test(reason) ? reason : 'other');

/**
 * The data API's endpoint families: the first path segment of the endpoint's template (the service's paths, its
 * documents' among them: lib/service/document-paths.ts).
 */
const families = new Set<string>([
  'auth',
  ...SERVICE_COLLECTIONS,
  'attachments',
  'payments',
  'numberingSequences',
  'received-orders',
  'catalog-items',
  'warehouses',
  'movements',
]);

/** `GET /api/invoices/{id}` → `invoices`; a template outside the interface's families → `other`. */
export function endpointFamily(endpoint: string): string {
  const segment = /^[A-Z]+ \/api\/([^/{?]+)/.exec(endpoint)?.[1] ?? '';
  return families.has(segment) ? segment : 'other';
}

const launchSteps: Record<string, 'exchange' | 'sign_in'> = { 'token-exchange': 'exchange', callback: 'sign_in' };

/** Endpoint names are our own constants too (`token-exchange`, `company.export`, `page`, …); the same bound holds. */
const boundedEndpoint = (endpoint: string) => (/^[a-z0-9_.-]{1,40}$/.test(endpoint) ? endpoint : 'other');

/** Next hands a route handler only the methods it exports; anything else would still be one value. */
const boundedMethod = (method: string | undefined) =>
  method === undefined ? 'none' : /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/.test(method) ? method : 'other';

/** One request answered at a door, as lib/owners/ops/requests.ts reports it. */
export type CountedRequest = {
  endpoint: string;
  /** Unknown for a page's refusal (`none`). */
  method?: string;
  status: number;
  log: RequestLog;
};

/**
 * One request of any door ended: counted by endpoint, method, status and reason. The launch steps, the token
 * deliveries and the notifications are also counted in their own terms (below 400 is a success, unless a reason says
 * it was passed over: a prefetch of the callback, `ignored`), and the launch steps go to the operational records.
 */
export function countRequest({ endpoint, method, status, log }: CountedRequest): void {
  const reason = boundedReason(log.reason ?? 'ok');
  getMetrics().requests.inc({
    endpoint: boundedEndpoint(endpoint),
    method: boundedMethod(method),
    status: String(status),
    reason,
  });
  const succeeded = status < 400;
  const step = launchSteps[endpoint];
  if (step) {
    const outcome: LaunchOutcome = !succeeded ? 'failed' : reason === 'ok' ? 'ok' : 'ignored';
    getMetrics().launches.inc({ step, outcome, reason });
    recordLaunch(step, outcome, reason);
  } else if (endpoint === 'token-delivery') {
    getMetrics().tokenDeliveries.inc({ outcome: succeeded ? 'ok' : 'failed', reason });
  } else if (endpoint === 'webhook') {
    const outcome = succeeded
      ? log.duplicate === true
        ? 'duplicate'
        : 'accepted'
      : status < 500
        ? 'refused'
        : 'failed';
    getMetrics().webhookReceipts.inc({ outcome, reason });
  }
}

/**
 * The companies of an accepted token delivery (lib/owners/sessions/deliveries.ts): stored, or skipped and why. Only
 * what is counted is named here: importing the sessions' type would close a loop (sessions → connections → ops).
 */
export function countDeliveredTokens(outcome: { stored: number; skipped: readonly { reason: string }[] }): void {
  const { deliveredTokens } = getMetrics();
  if (outcome.stored > 0) deliveredTokens.inc({ outcome: 'stored' }, outcome.stored);
  for (const skipped of outcome.skipped) deliveredTokens.inc({ outcome: `skipped_${skipped.reason}` });
}

/** One data-API call of a company ended (lib/service/token-client.ts). */
export function countDataApiCall(tenantId: string, call: CallOutcome): void {
  const metrics = getMetrics();
  const family = endpointFamily(call.endpoint);
  const kind = call.kind ?? 'ok';
  metrics.dataApiCalls.inc({ family, status: String(call.status ?? 'none'), kind, tenant_id: tenantId });
  if (call.rateLimited > 0) metrics.dataApiRateLimited.inc({ family, tenant_id: tenantId }, call.rateLimited);
  metrics.budgetWait.observe({ priority: call.priority }, call.queuedMs / 1_000);
  recordDataApiUse({
    pluginId: getEnv().pluginId,
    tenantId,
    priority: call.priority,
    outcome: kind,
    rateLimited: call.rateLimited,
    waitMs: call.queuedMs,
  });
}
