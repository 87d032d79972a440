import 'server-only';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Db } from '@/lib/db/client';
import { rateLimits } from '@/lib/db/schema';
import { HttpError } from '@/lib/http/errors';
import { FAILURE_LIMIT } from '@/lib/http/failure-limit';

/**
 * The failed-authentication budget of lib/http/failure-limit.ts, read without spending it: the consent's answer
 * consults it before anything else, so an address that has spent its budget on unknown states gets no more lookups,
 * whatever state it brings. The same table, key prefix and limit as countFailure (which only counts), so both see
 * one budget; the shared limiter is not exported, and this read needs none of its write-side options.
 */
const BUDGET_KEY_PREFIX = 'auth-failure';

const readers = new WeakMap<Db, RateLimiterDrizzle>();

function readerFor(db: Db): RateLimiterDrizzle {
  let reader = readers.get(db);
  if (!reader) {
    reader = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: BUDGET_KEY_PREFIX,
      points: FAILURE_LIMIT.points,
      duration: FAILURE_LIMIT.durationSeconds,
      clearExpiredByTimeout: false,
    });
    readers.set(db, reader);
  }
  return reader;
}

/**
 * Throws the 429 (with `Retry-After` in whole seconds) while `source` has no failures left in the current window:
 * the next failure would be refused anyway, so nothing is looked up for it. Returns normally otherwise.
 */
export async function refuseWhileBlocked(db: Db, source: string): Promise<void> {
  const spent = await readerFor(db).get(source);
  if (!spent || spent.consumedPoints < FAILURE_LIMIT.points) return;
  const retryAfter = Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
  throw new HttpError('rate_limited', 'address_blocked', { 'Retry-After': String(retryAfter) });
}
