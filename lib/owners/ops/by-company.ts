import 'server-only';

import { sql } from 'drizzle-orm';

import { type CompanyKeyRecord, type Db, rowsOf } from '@/lib/platform/db/client';

/**
 * The operational records by company, for the operators' console's Companies page (lib/features/console/companies.ts).
 * Raw rows as both drivers return them (an hour is a Date or text, a sum a number or text); each hour is the start of
 * the hour the record counts, a few seconds behind (lib/owners/ops/record.ts).
 */

type Hour = Date | string | null;

export type WebhookRefusalRecord = CompanyKeyRecord & {
  reason: string;
  refused: number | string;
  last_hour: Hour;
};

/** Notifications refused at each company's receiver address over the last `days`, per reason. */
export async function webhookRefusalsByCompany(db: Db, { days }: { days: number }): Promise<WebhookRefusalRecord[]> {
  return rowsOf<WebhookRefusalRecord>(
    await db.execute(sql`
      select plugin_id, tenant_id, reason, sum(count) as refused, max(hour) as last_hour
      from ops_webhook_refusals
      where hour >= now() - make_interval(days => ${days})
      group by plugin_id, tenant_id, reason`),
  );
}

export type RefusedCallRecord = CompanyKeyRecord & {
  outcome: 'unauthorized' | 'payment-required';
  last_hour: Hour;
};

/** The hour of each company's last data-API call refused with 401 or 402, by any instance. */
export async function lastRefusedCalls(db: Db): Promise<RefusedCallRecord[]> {
  return rowsOf<RefusedCallRecord>(
    await db.execute(sql`
      select plugin_id, tenant_id, outcome, max(hour) as last_hour
      from ops_data_api_usage
      where outcome in ('unauthorized', 'payment-required')
      group by plugin_id, tenant_id, outcome`),
  );
}
