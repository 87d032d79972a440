import 'server-only';

import { driverErrorOf, isDatabaseUnavailable } from '@/lib/platform/db-errors';

/**
 * What a failed job stores as its output (pg-boss keeps it in the job row, where pages and people read it): the
 * failure's KIND only, never the thrown error's message, which may carry a query's parameters or a service's
 * answer. Our own errors name their kind (DataApiError's `kind`: 'busy', 'unavailable', …); a database error is
 * 'database' or 'database-unavailable'; anything else 'internal'.
 */
export class JobFailure extends Error {
  override name = 'JobFailure';
  constructor(readonly kind: string) {
    super(kind);
  }
}

export function failureKindOf(error: unknown): string {
  const kind = (error as { kind?: unknown } | null)?.kind;
  if (typeof kind === 'string' && /^[\w-]{1,40}$/.test(kind)) return kind;
  if (isDatabaseUnavailable(error)) return 'database-unavailable';
  if (driverErrorOf(error)) return 'database';
  return 'internal';
}

/**
 * The kind of failure a job's stored output records: ours (JobFailure, serialized with its `kind`), or what
 * pg-boss wrote itself when the job ran too long ('timeout') or the process stopped under it ('interrupted').
 */
export function failureKindOfOutput(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const { kind, message, value } = output as { kind?: unknown; message?: unknown; value?: unknown };
  if (typeof kind === 'string') return kind;
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? message ?? '');
  if (/timeout|exceeded/i.test(text)) return 'timeout';
  if (/shut down/i.test(text)) return 'interrupted';
  return message === undefined && value === undefined ? null : 'internal';
}
