import 'server-only';

import { sql } from 'drizzle-orm';

import { type Db, rowsOf } from '@/lib/platform/db/client';

import type { ImportCompany } from './lines';

/**
 * One sender per company at a time, across instances: a lease in import_senders, taken, renewed and given back by
 * one conditional statement each. The jobs are already one per company (lib/platform/jobs/one-per-key.ts), but a send
 * and a re-check are two queues, and a job whose process died stays "running" until it expires: the lease is what
 * decides. A sender holding it knows that any batch still `pending` from another sender was left by a dead one.
 */

/**
 * Takes the company's lease for `holder` unless another holder's lease is still running. True when taken (or
 * renewed: the holder had it already).
 */
export async function takeLease(db: Db, company: ImportCompany, holder: string, seconds: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into import_senders (plugin_id, tenant_id, holder, expires_at)
    values (${company.pluginId}, ${company.tenantId}, ${holder}, now() + make_interval(secs => ${seconds}))
    on conflict (plugin_id, tenant_id) do update
       set holder = excluded.holder, expires_at = excluded.expires_at
     where import_senders.expires_at <= now() or import_senders.holder = excluded.holder
    returning holder`);
  return rowsOf<{ holder: string }>(result).length > 0;
}

/** Extends the holder's lease; false when it is no longer theirs (it ran out and another sender took it). */
export async function renewLease(db: Db, company: ImportCompany, holder: string, seconds: number): Promise<boolean> {
  const result = await db.execute(sql`
    update import_senders set expires_at = now() + make_interval(secs => ${seconds})
     where plugin_id = ${company.pluginId} and tenant_id = ${company.tenantId} and holder = ${holder}
       and expires_at > now()
    returning holder`);
  return rowsOf<{ holder: string }>(result).length > 0;
}

/** Gives the lease back, if the holder still has it. */
export async function releaseLease(db: Db, company: ImportCompany, holder: string): Promise<void> {
  await db.execute(sql`
    delete from import_senders
     where plugin_id = ${company.pluginId} and tenant_id = ${company.tenantId} and holder = ${holder}`);
}
