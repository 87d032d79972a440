import 'server-only';

import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

import { HttpError } from '@/lib/base/errors';
import { type Db, getDb } from '@/lib/platform/db/client';
import { rateLimits } from '@/lib/platform/db/schema';

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
      // Expired rows are pruned with the rest of the housekeeping (./prune.ts, run by the hourly prune job), not by
      // a timer per limiter.
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
 * The addresses this instance has seen with their budget spent, until their window ends: refusing a flood of
 * attempts from one of them costs no database read. (Memory only remembers; the database decides.)
 */
const seenBlocked = new RateLimiterMemory({
  keyPrefix: 'auth-blocked',
  points: 1,
  duration: FAILURE_LIMIT.durationSeconds,
});

// Opening the database can fail too (it is opened lazily); then the in-memory budget counts alone.
const currentLimiter = () => getDb().then(limiterFor, () => memoryBudget);

function tooManyFailures(msBeforeNext: number): HttpError {
  return new HttpError('rate_limited', 'too_many_failures', Math.max(1, Math.ceil(msBeforeNext / 1000)));
}

async function rememberBlocked(source: string, msBeforeNext: number): Promise<void> {
  if (msBeforeNext > 0) await seenBlocked.block(source, Math.ceil(msBeforeNext / 1000));
}

/**
 * Refuses (the 429 of `countFailure`) while `source` has spent its budget, and does nothing otherwise. Called before
 * an attempt does any work whose failure would be counted (above all a call to the service), so a blocked address
 * can neither make those calls nor have a right guess accepted until its window ends.
 */
export async function refuseWhileBlocked(source: string): Promise<void> {
  const remembered = await seenBlocked.get(source);
  if (remembered && remembered.consumedPoints > 1 && remembered.msBeforeNext > 0)
    throw tooManyFailures(remembered.msBeforeNext);
  const spent = await (await currentLimiter()).get(source);
  if (spent && spent.consumedPoints >= FAILURE_LIMIT.points && spent.msBeforeNext > 0) {
    await rememberBlocked(source, spent.msBeforeNext);
    throw tooManyFailures(spent.msBeforeNext);
  }
}

/**
 * Counts one failed authentication from `source`. Returns normally while the budget lasts; past it, throws the
 * 429 that replaces the failure's own answer, with `retry-after` in whole seconds. The failure that spends the last
 * point is still answered as itself; `refuseWhileBlocked` refuses the attempts after it.
 */
export async function countFailure(source: string): Promise<void> {
  const limiter = await currentLimiter();
  try {
    const spent = await limiter.consume(source);
    if (spent.consumedPoints >= FAILURE_LIMIT.points) await rememberBlocked(source, spent.msBeforeNext);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    await rememberBlocked(source, rejection.msBeforeNext);
    throw tooManyFailures(rejection.msBeforeNext);
  }
}
