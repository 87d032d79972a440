import 'server-only';

import type { CallPriority } from '@/lib/owners/ops/record';
import type { Db } from '@/lib/platform/db/client';
import { opsDataApiUsage } from '@/lib/platform/db/schema';
import { addWaitBuckets, emptyWaitBuckets, waitQuantileMs } from '@/lib/platform/metrics/wait-buckets';

import { hourlyRowsSince } from './since';

/** How long calls of one priority waited for the token's budget: p50/p95 in ms from the buckets (null: no calls). */
export type BudgetWait = { calls: number; p50Ms: number | null; p95Ms: number | null; meanMs: number | null };

export type HourOfUse = { hour: Date; calls: number; rateLimited: number; errors: number };

export type CompanyUsage = {
  pluginId: string;
  tenantId: string;
  calls: number;
  /** 429 answers received (retried ones included). */
  rateLimited: number;
  /** Failed calls by DataApiError kind (busy, unavailable, unauthorized, not-found, …). */
  errorsByKind: Record<string, number>;
  /** A page's calls (someone waited) and the mirror's sync (background, yields to pages by design). */
  wait: Record<CallPriority, BudgetWait>;
  /** Hours with any call, oldest first: the chart. */
  hourly: HourOfUse[];
};

type WaitSums = { calls: number; sumMs: number; buckets: number[] };

function budgetWait({ calls, sumMs, buckets }: WaitSums): BudgetWait {
  return {
    calls,
    p50Ms: waitQuantileMs(buckets, 0.5),
    p95Ms: waitQuantileMs(buckets, 0.95),
    meanMs: calls > 0 ? Math.round(sumMs / calls) : null,
  };
}

/**
 * Data-API use per company since `since` (from the start of its hour), as every instance recorded it (a few
 * seconds behind), busiest company first.
 */
export async function dataApiUsage(db: Db, { since }: { since: Date }): Promise<CompanyUsage[]> {
  const rows = await hourlyRowsSince(db, opsDataApiUsage, since);

  type Gathering = Omit<CompanyUsage, 'wait' | 'hourly'> & {
    waits: Record<CallPriority, WaitSums>;
    hours: Map<number, HourOfUse>;
  };
  const companies = new Map<string, Gathering>();
  for (const row of rows) {
    const key = `${row.pluginId}|${row.tenantId}`;
    let company = companies.get(key);
    if (!company) {
      company = {
        pluginId: row.pluginId,
        tenantId: row.tenantId,
        calls: 0,
        rateLimited: 0,
        errorsByKind: {},
        waits: {
          page: { calls: 0, sumMs: 0, buckets: emptyWaitBuckets() },
          background: { calls: 0, sumMs: 0, buckets: emptyWaitBuckets() },
        },
        hours: new Map(),
      };
      companies.set(key, company);
    }
    const failed = row.outcome !== 'ok';
    company.calls += row.calls;
    company.rateLimited += row.rateLimited;
    if (failed) company.errorsByKind[row.outcome] = (company.errorsByKind[row.outcome] ?? 0) + row.calls;
    const wait = company.waits[row.priority];
    wait.calls += row.calls;
    wait.sumMs += row.waitMsSum;
    addWaitBuckets(wait.buckets, row.waitBuckets);
    const hour = company.hours.get(row.hour.getTime()) ?? { hour: row.hour, calls: 0, rateLimited: 0, errors: 0 };
    hour.calls += row.calls;
    hour.rateLimited += row.rateLimited;
    if (failed) hour.errors += row.calls;
    company.hours.set(row.hour.getTime(), hour);
  }
  return [...companies.values()]
    .map(({ waits, hours, ...company }) => ({
      ...company,
      wait: { page: budgetWait(waits.page), background: budgetWait(waits.background) },
      hourly: [...hours.values()],
    }))
    .sort((a, b) => b.calls - a.calls || a.tenantId.localeCompare(b.tenantId));
}
