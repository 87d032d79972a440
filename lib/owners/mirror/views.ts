import 'server-only';

import { sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';

import type { MirrorCompany } from './company';
import { requestMirrorSync } from './jobs';
import { FRESH_FOR_SECONDS } from './upkeep';

/** How often a company's views are written down: retention counts in days, so a minute is plenty. */
const VIEW_GRANULARITY_SECONDS = 60;

/**
 * A page of the company was viewed. At most once a minute per company this notes the view (retention counts from
 * it) and, when the mirror is missing or older than a few minutes, asks for a sync: one statement, and usually it
 * writes nothing. The page never waits for the sync.
 */
export async function noteCompanyView(db: Db, company: MirrorCompany): Promise<void> {
  const result = await db.execute(sql`
    insert into mirror_companies (plugin_id, tenant_id, last_opened_at)
    values (${company.pluginId}, ${company.tenantId}, now())
    on conflict (plugin_id, tenant_id) do update set last_opened_at = now()
      where mirror_companies.last_opened_at is null
         or mirror_companies.last_opened_at < now() - make_interval(secs => ${VIEW_GRANULARITY_SECONDS})
    returning status,
      last_synced_at is null or last_synced_at < now() - make_interval(secs => ${FRESH_FOR_SECONDS}) as "stale"`);
  const [noted] = rowsOf<{ status: string; stale: boolean }>(result);
  if (noted && noted.stale && noted.status !== 'syncing' && noted.status !== 'paused') {
    await requestMirrorSync(company);
  }
}
