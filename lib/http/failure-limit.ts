import 'server-only';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { getDb, type Db } from '@/lib/db/client';
import { rateLimits } from '@/lib/db/schema';
import { HttpError } from '@/lib/http/errors';

/**
 * Failed authentications at the broker endpoints, limited per source address. Only failures spend the budget,
 * so the gateway's good traffic is never throttled; the budget lives in the database, shared by all instances.
 * Once an address has spent it, this instance blocks it in memory for the rest of the window, so a flood costs no
 * database writes; and should the database fail, an in-memory budget stands in (the failure still answers 401).
 * The window's expiry is the library's, on the application clock: a few seconds of drift only move a minute's edge.
 */
export const FAILURE_LIMIT = { points: 30, durationSeconds: 60 } as const;

const limiters = new WeakMap<Db, RateLimiterDrizzle>();
const memoryBudget = new RateLimiterMemory({
  keyPrefix: 'auth-failure',
  points: FAILURE_LIMIT.points,
  duration: FAILURE_LIMIT.durationSeconds,
});

function limiterFor(db: Db) {
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: 'auth-failure',
      points: FAILURE_LIMIT.points,
      duration: FAILURE_LIMIT.durationSeconds,
      // Expired rows are pruned with the rest of the housekeeping (lib/db/prune.ts), not by a timer per limiter.
      clearExpiredByTimeout: false,
      // Without a duration the block lasts until the window ends.
      inMemoryBlockOnConsumed: FAILURE_LIMIT.points + 1,
      insuranceLimiter: memoryBudget,
    });
    limiters.set(db, limiter);
  }
  return limiter;
}

/**
 * Counts one failed authentication from `source`. Returns normally while the budget lasts; past it, throws the
 * 429 that replaces the failure's own answer, with `retry-after` in whole seconds.
 */
export async function countFailure(source: string): Promise<void> {
  // Opening the database can fail too (it is opened lazily); then the in-memory budget counts alone.
  const limiter = await getDb().then(limiterFor, () => memoryBudget);
  try {
    await limiter.consume(source);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new HttpError('rate_limited', 'too_many_failures', { 'Retry-After': String(retryAfter) });
  }
}
