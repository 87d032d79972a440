import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client';
import type { RateBudget } from './budget';
import { confirmIn, reserveIn, serviceRules, type Reservation, type Rules, type ScheduleState } from './slots';

type BudgetRow = { slots: (string | number)[] | null; paused_until: string | number; now_ms: string | number };

// The database's clock, in epoch milliseconds: every instance reads the same time, whatever its own clock says.
const nowMs = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * The budget shared by every instance through PostgreSQL. A reservation is one short transaction: the upsert locks
 * the token's row and returns its latest committed schedule (ON CONFLICT DO UPDATE sees it even under READ
 * COMMITTED), the slot is computed here with the same rules as in-process, and written back before the lock goes.
 */
export function createPostgresBudget(db: Db, rules: Rules = serviceRules): RateBudget {
  /** One short transaction on the token's locked row: its schedule in, the new log (if any) written back. */
  function inLockedRow(
    key: string,
    decide: (state: ScheduleState, now: number) => { reservation: Reservation; slots: number[] | null },
  ): Promise<Reservation> {
    return db.transaction(async (tx) => {
      const [row] = rowsOf<BudgetRow>(
        await tx.execute(sql`
          insert into data_api_budgets (token_key) values (${key})
          on conflict (token_key) do update set token_key = excluded.token_key
          returning slots, paused_until, ${nowMs} as now_ms`),
      );
      if (!row) throw new Error('The budget row was not returned.');
      const state = { slots: (row.slots ?? []).map(Number), pausedUntil: Number(row.paused_until) };
      const { reservation, slots } = decide(state, Number(row.now_ms));
      if (slots) {
        await tx.execute(sql`
          update data_api_budgets set slots = ${`{${slots.join(',')}}`}::bigint[], updated_at = now()
          where token_key = ${key}`);
      }
      return reservation;
    });
  }

  return {
    reserve(key, maxWaitMs) {
      return inLockedRow(key, (state, now) => reserveIn(state, now, maxWaitMs, rules));
    },
    confirm(key, plannedAt, maxWaitMs) {
      return inLockedRow(key, (state, now) => confirmIn(state, plannedAt, now, maxWaitMs, rules));
    },
    async pause(key, forMs) {
      await db.execute(sql`
        insert into data_api_budgets (token_key, paused_until) values (${key}, ${nowMs} + ${Math.ceil(forMs)})
        on conflict (token_key) do update
          set paused_until = greatest(data_api_budgets.paused_until, excluded.paused_until), updated_at = now()`);
    },
  };
}
