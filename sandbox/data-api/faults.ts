import type { ServerResponse } from 'node:http';

import { z } from 'zod';

import { sendJson } from '../http/io';
import { sendProblem, sendValidationProblem } from './problems';

/**
 * Fault injection per company, so every state a client must handle can be produced on demand: in `npm run dev`
 * from the sandbox's home page, in tests through `sandbox.dataApi.setFault()` or POST /admin/data-api/fault.
 *
 * Where a fault strikes in the pipeline (after the token check, so an unknown token still answers 401 first):
 * - `unauthorized` and `rate-limited` answer before the rate limiter and are not counted: the first plays a revoked
 *   token (no connection left to count against), the second a refusal, and refusals never count.
 * - `payment-required`, `forbidden`, `not-found` and `server-error` answer after the limiter has counted the request,
 *   as the real service's 402, 403 and 404 are answers of a request it accepted; `slow` delays a counted request, then
 *   serves it.
 * - `path` narrows a fault to one resource (`/api/delivery-notes`: its list and everything under it), so a company can
 *   refuse one kind of document (a company without the stock module) while the others answer.
 * - `unstable-catalog` answers normally, but each GET /api/catalog-items orders the items a little differently, as
 *   the real service's catalog may (service-facts.md): every item lands at most `shift` places (default 5) from its
 *   place in the stable order, drawn afresh per call, so plain `Skip` paging misses some items and repeats others.
 *   It is counted like `slow` and strikes only that list (`count` and `after` count catalog listings).
 * - Faults of uploads, which strike POST requests only (`count` and `after` count uploads), after the limiter:
 *   `upload-refused` answers 400 with a validation result naming the documents at `items` (indexes in the request's
 *   `data`, default the first), in the shape of every other validation error of the sandbox
 *   (`{ title, status, errors: { "data[0].variableSymbol": ["…"] } }`), and processes nothing;
 *   `timeout-after-processing` processes the upload (it is applied, its 120-second window starts and its notification
 *   goes out) but never answers: after `delayMs` (default 3000) the connection is destroyed, the ambiguous case a
 *   client cannot tell from a request that never arrived. `server-error` answers before processing, like a gateway
 *   in front of the service would.
 */
export const FAULT_MODES = [
  'none',
  'unauthorized',
  'payment-required',
  'forbidden',
  'not-found',
  'server-error',
  'slow',
  'rate-limited',
  'unstable-catalog',
  'upload-refused',
  'timeout-after-processing',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const faultSpecSchema = z.object({
  mode: z.enum(FAULT_MODES),
  /** server-error only: the 5xx to answer (default 503). */
  status: z.number().int().min(500).max(599).optional(),
  /** slow only: the delay before each answer (default 3000 ms). */
  delayMs: z.number().int().min(0).max(120_000).optional(),
  /** unstable-catalog only: how many places an item may move from its place per call (default 5). */
  shift: z.number().int().min(1).max(50).optional(),
  /** upload-refused only: the documents the validation result names, by their index in `data` (default [0]). */
  items: z.array(z.number().int().min(0).max(99)).min(1).max(100).optional(),
  /** rate-limited only: the retry-after to announce (default 30 s). */
  retryAfterSeconds: z.number().int().min(1).max(86_400).optional(),
  /** Limits the fault to the company's next N matching requests; without it the fault stays until cleared. */
  count: z.number().int().min(1).optional(),
  /** Lets the company's next N matching requests through before the fault strikes (a failure in the middle of a run). */
  after: z.number().int().min(1).optional(),
  /** Only requests to this path or below it (`/api/delivery-notes`); without it, every request of the company. */
  path: z
    .string()
    .regex(/^\/api(\/[\w-]+)+$/)
    .optional(),
});
export type FaultSpec = z.input<typeof faultSpecSchema>;

export interface ActiveFault {
  mode: Exclude<FaultMode, 'none'>;
  status: number;
  delayMs: number;
  retryAfterSeconds: number;
  /** Requests left before the fault clears itself; null when it stays until cleared. */
  remaining: number | null;
  /** The path the fault is limited to (and everything below it); null for every request. */
  path: string | null;
  /** unstable-catalog only: the most places an item moves per call. */
  shift?: number;
  /** unstable-catalog only, on the fault a request meets: which listing this is (0, 1, …), the seed of its order. */
  listing?: number;
  /** upload-refused only: the documents named. */
  items?: number[];
}

/** The faults that strike uploads (POST requests) only. */
const UPLOAD_FAULTS: ReadonlySet<FaultMode> = new Set(['upload-refused', 'timeout-after-processing']);

/** The one list the unstable-catalog fault reorders. */
export const CATALOG_LIST = '/api/catalog-items';

export type FaultStage = 'before-limit' | 'after-limit';

const STAGE: Readonly<Record<ActiveFault['mode'], FaultStage>> = {
  unauthorized: 'before-limit',
  'rate-limited': 'before-limit',
  'payment-required': 'after-limit',
  forbidden: 'after-limit',
  'not-found': 'after-limit',
  'server-error': 'after-limit',
  slow: 'after-limit',
  'unstable-catalog': 'after-limit',
  'upload-refused': 'after-limit',
  'timeout-after-processing': 'after-limit',
};

const STATUS: Readonly<Record<ActiveFault['mode'], number>> = {
  unauthorized: 401,
  'rate-limited': 429,
  'payment-required': 402,
  forbidden: 403,
  'not-found': 404,
  'server-error': 503,
  slow: 200,
  'unstable-catalog': 200,
  'upload-refused': 400,
  'timeout-after-processing': 0,
};

/**
 * A fault never answers a status the interface does not list for the endpoint: the auth check knows only 401 and
 * 429; report downloads and the asynchronous uploads have no 403.
 */
function endpointAllows(status: number, method: string, path: string): boolean {
  if (path === '/api/auth/check') return status !== 402 && status !== 403;
  if (status !== 403) return true;
  if (method === 'GET' && /^\/api\/(invoices|delivery-notes)\/[^/]+\/reports\/[^/]+$/.test(path)) return false;
  return !(method === 'POST' && ['/api/invoices', '/api/invoices/batch', '/api/delivery-notes/batch'].includes(path));
}

export interface FaultTable {
  set(tenantId: string, spec: FaultSpec): ActiveFault | null;
  clear(tenantId: string): void;
  clearAll(): void;
  list(): Record<string, ActiveFault>;
  /** The fault this request meets at this stage, if any; counts it against `count`. */
  take(tenantId: string, stage: FaultStage, method: string, path: string): ActiveFault | undefined;
}

export function createFaultTable(): FaultTable {
  const faults = new Map<string, ActiveFault>();
  /** Per company, the requests still let through before its fault strikes (`after`). */
  const passing = new Map<string, number>();
  /** Per company, the catalog listings an unstable-catalog fault has reordered since it was set. */
  const listings = new Map<string, number>();
  return {
    set(tenantId, spec) {
      const parsed = faultSpecSchema.parse(spec);
      if (parsed.mode === 'none') {
        faults.delete(tenantId);
        return null;
      }
      const fault: ActiveFault = {
        mode: parsed.mode,
        status: parsed.mode === 'server-error' ? (parsed.status ?? 503) : STATUS[parsed.mode],
        delayMs: parsed.delayMs ?? 3_000,
        retryAfterSeconds: parsed.retryAfterSeconds ?? 30,
        remaining: parsed.count ?? null,
        path: parsed.path ?? null,
        ...(parsed.mode === 'unstable-catalog' ? { shift: parsed.shift ?? 5 } : {}),
        ...(parsed.mode === 'upload-refused' ? { items: parsed.items ?? [0] } : {}),
      };
      faults.set(tenantId, fault);
      passing.set(tenantId, parsed.after ?? 0);
      listings.set(tenantId, 0);
      return { ...fault };
    },
    clear: (tenantId) => void faults.delete(tenantId),
    clearAll: () => faults.clear(),
    list: () => Object.fromEntries([...faults].map(([tenantId, fault]) => [tenantId, { ...fault }])),
    take(tenantId, stage, method, path) {
      const fault = faults.get(tenantId);
      if (!fault || STAGE[fault.mode] !== stage || !endpointAllows(fault.status, method, path)) return undefined;
      if (fault.mode === 'unstable-catalog' && !(method === 'GET' && path === CATALOG_LIST)) return undefined;
      if (UPLOAD_FAULTS.has(fault.mode) && method !== 'POST') return undefined;
      if (fault.path !== null && path !== fault.path && !path.startsWith(`${fault.path}/`)) return undefined;
      const through = passing.get(tenantId) ?? 0;
      if (through > 0) {
        passing.set(tenantId, through - 1);
        return undefined;
      }
      if (fault.remaining !== null) {
        fault.remaining -= 1;
        if (fault.remaining <= 0) faults.delete(tenantId);
      }
      if (fault.mode !== 'unstable-catalog') return { ...fault };
      const listing = listings.get(tenantId) ?? 0;
      listings.set(tenantId, listing + 1);
      return { ...fault, listing };
    },
  };
}

/**
 * Answers a request the way the faulty service would; `slow`, `unstable-catalog` and `timeout-after-processing` are
 * handled by the caller (it delays, reorders, or serves and then drops the connection: ./upload-routes.ts).
 */
export function answerFault(
  res: ServerResponse,
  fault: ActiveFault,
  rateHeaders: Record<string, string>,
  nowMs: number,
): void {
  switch (fault.mode) {
    case 'unauthorized':
      // Exactly what a revoked token gets.
      return sendJson(res, 401, { message: 'Unauthorized' }, { 'WWW-Authenticate': 'Bearer' });
    case 'rate-limited':
      return sendProblem(
        res,
        429,
        'Too Many Requests',
        {},
        {
          'retry-after': String(fault.retryAfterSeconds),
          'x-rate-limit-limit': '1m',
          'x-rate-limit-remaining': '0',
          'x-rate-limit-reset': String(Math.ceil(nowMs / 1_000) + fault.retryAfterSeconds),
        },
      );
    case 'payment-required':
      return sendProblem(
        res,
        402,
        'Payment Required',
        { detail: 'The company has no active API package.' },
        rateHeaders,
      );
    case 'forbidden':
      return sendProblem(
        res,
        403,
        'Forbidden',
        { detail: 'The connection may not access this resource.' },
        rateHeaders,
      );
    case 'not-found':
      return sendProblem(res, 404, 'Not Found', {}, rateHeaders);
    case 'server-error':
      return sendProblem(
        res,
        fault.status,
        fault.status === 503 ? 'Service Unavailable' : 'Internal Server Error',
        {},
        rateHeaders,
      );
    case 'upload-refused':
      // What the service answers a batch it will not take: nothing of it is processed.
      return sendValidationProblem(
        res,
        Object.fromEntries(
          (fault.items ?? [0]).map((index) => [
            `data[${index}].variableSymbol`,
            ['The variable symbol is not valid for this document.'],
          ]),
        ),
        rateHeaders,
      );
    case 'slow':
    case 'unstable-catalog':
    case 'timeout-after-processing':
      return;
  }
}
