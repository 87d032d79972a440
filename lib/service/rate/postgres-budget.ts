import 'server-only';

import { sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';

import { type RateBudget, scheduledCalls } from './budget';
import { afterSpentWindow, type Rules, type ScheduleState, serviceRules } from './slots';

type BudgetRow = {
  slots: (string | number)[] | null;
  pending: (string | number)[] | null;
  paused_until: string | number;
  now_ms: string | number;
};

const bigints = (values: readonly number[]) => `{${values.join(',')}}`;

// The database's clock, in epoch milliseconds: every instance reads the same time, whatever its own clock says.
const nowMs = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * The log as the row keeps it, in its one `slots` bigint[] column: send times ascending, a page call's plan stored
 * negated (send times are positive epoch milliseconds, so the sign is free to say "planned, not yet sent"). That is
 * what lets a background call on one instance see a page call waiting on another. A row written before plans were
 * marked has only positive times: all read as sent, which is the cautious reading.
 */
export function decodeSlots(stored: readonly (string | number)[]): Pick<ScheduleState, 'slots' | 'pagePlans'> {
  const times = stored.map(Number);
  return { slots: times.map(Math.abs), pagePlans: times.filter((at) => at < 0).map((at) => -at) };
}

export function encodeSlots({ slots, pagePlans }: Pick<ScheduleState, 'slots' | 'pagePlans'>): number[] {
  const plans = [...pagePlans];
  return slots.map((at) => {
    const plan = plans.indexOf(at);
    if (plan === -1) return at;
    plans.splice(plan, 1);
    return -at;
  });
}

/**
 * The budget shared by every instance through PostgreSQL. A reservation is one short transaction: the upsert locks
 * the token's row and returns its latest committed schedule (ON CONFLICT DO UPDATE sees it even under READ
 * COMMITTED), the slot is computed here with the same rules as in-process, and written back before the lock goes.
 */
export function createPostgresBudget(db: Db, rules: Rules = serviceRules): RateBudget {
  /** One short transaction on the token's locked row: its schedule in, the new one (if any) written back. */
  function inLockedRow<T>(
    key: string,
    decide: (state: ScheduleState, now: number) => { next: ScheduleState | null } & T,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const [row] = rowsOf<BudgetRow>(
        await tx.execute(sql`
          insert into data_api_budgets (token_key) values (${key})
          on conflict (token_key) do update set token_key = excluded.token_key
          returning slots, pending, paused_until, ${nowMs} as now_ms`),
      );
      if (!row) throw new Error('The budget row was not returned.');
      const state = {
        ...decodeSlots(row.slots ?? []),
        pending: (row.pending ?? []).map(Number),
        pausedUntil: Number(row.paused_until),
      };
      const decision = decide(state, Number(row.now_ms));
      const { next } = decision;
      if (next) {
        await tx.execute(sql`
          update data_api_budgets
          set slots = ${bigints(encodeSlots(next))}::bigint[], pending = ${bigints(next.pending)}::bigint[],
            paused_until = greatest(paused_until, ${next.pausedUntil}), updated_at = now()
          where token_key = ${key}`);
      }
      return decision;
    });
  }

  return {
    ...scheduledCalls(inLockedRow, rules),
    async pause(key, forMs) {
      await db.execute(sql`
        insert into data_api_budgets (token_key, paused_until) values (${key}, ${nowMs} + ${Math.ceil(forMs)})
        on conflict (token_key) do update
          set paused_until = greatest(data_api_budgets.paused_until, excluded.paused_until), updated_at = now()`);
    },
    async windowSpent(key, sentAt, forMs) {
      return (await inLockedRow(key, (state, now) => afterSpentWindow(state, sentAt, now, Math.ceil(forMs), rules)))
        .paused;
    },
  };
}
