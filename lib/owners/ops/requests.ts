import 'server-only';

import { countRequest } from '@/lib/owners/ops/counters';
import { describeError, getLogger, type RequestLog } from '@/lib/platform/log';

/**
 * The one line a request writes, and its count, wherever it came in: every door calls `requestEnded` once, when it
 * knows the status (handleRequest, companyRoute, the page doors' refusals, the metrics' refusals, the console's
 * actions). One message (`request`), so one query finds every request of every door. Only outcomes, counts, ids
 * and fingerprints: never a secret, never a query string, never a body.
 */

/** What a door knows when one of its requests ended. */
export type EndedRequest = {
  /** The door's name for the address, one of our own constants: `token-exchange`, `company.export`, `page`, … */
  endpoint: string;
  /** The HTTP method; a page's door does not know it (a page or its server action). */
  method?: string;
  /** The address's path, where it names nothing secret (a company's addresses; never a webhook's). */
  route?: string;
  status: number;
  /** `performance.now()` when the door took the request: the line's `ms` is the time until the answer's headers. */
  started: number;
  /** The reason code (`ok` without one) and the door's outcome fields: counts, ids and fingerprints. */
  log?: RequestLog;
  /** A failure nothing anticipated: the line is written at error level, with what may be said of the error. */
  unexpected?: { error: unknown };
};

export function requestEnded({ endpoint, method, route, status, started, log = {}, unexpected }: EndedRequest): void {
  const reason = log.reason ?? 'ok';
  countRequest({ endpoint, method, status, log });
  // The door's fields first: none of them may stand in for the line's own.
  const line = {
    ...log,
    endpoint,
    ...(route !== undefined && { route }),
    ...(method !== undefined && { method }),
    status,
    reason,
    ms: Math.round(performance.now() - started),
  };
  if (unexpected) getLogger().error({ ...line, err: describeError(unexpected.error) }, 'request');
  else getLogger().info(line, 'request');
}
