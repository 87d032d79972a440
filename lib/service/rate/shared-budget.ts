import 'server-only';

import { getDb } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

import type { RateBudget } from './budget';
import { createMemoryBudget } from './memory-budget';
import { createPostgresBudget } from './postgres-budget';

const slot = globalThis as typeof globalThis & { __addonRateBudget?: Promise<RateBudget> };

/**
 * The process's budget: in PostgreSQL when DATABASE_URL is set (every instance shares it), in-process on the
 * embedded database, which only one process can open anyway.
 */
export function getRateBudget(): Promise<RateBudget> {
  slot.__addonRateBudget ??= (async () =>
    getEnv().databaseUrl ? createPostgresBudget(await getDb()) : createMemoryBudget())().catch((error: unknown) => {
    slot.__addonRateBudget = undefined;
    throw error;
  });
  return slot.__addonRateBudget;
}
