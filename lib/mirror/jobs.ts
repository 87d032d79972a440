import 'server-only';
import { z } from 'zod';
import { getEnv } from '@/lib/env';
import { defineQueue } from '@/lib/jobs/queue';
import { sendJob } from '@/lib/jobs/process';
import { describeError, getLogger } from '@/lib/log';
import { mirrorCompanyKey, type MirrorCompany } from './company';
import { syncMirror } from './run';
import { companiesDueSync, purgeExpiredMirrors } from './upkeep';

/**
 * The mirror's work as jobs in the database's queue, so several instances share it, a restart loses nothing, and one
 * company is never synced twice at once ('one-per-key' on the company: one running, at most one more waiting).
 */

const modes = ['auto', 'full', 'incremental', 'reconcile'] as const;

export const mirrorSyncQueue = defineQueue({
  name: 'mirror.sync',
  data: z.object({ pluginId: z.string().min(1), tenantId: z.string().min(1), mode: z.enum(modes) }),
  policy: 'one-per-key',
  // Busy or unavailable: 30 s, then about 1, 2, 4 and 8 minutes (pg-boss doubles with jitter).
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  // A full sync of a large company (30 000 documents: 300 calls at under 3 a second) takes a few minutes.
  expireInSeconds: 60 * 60,
  concurrency: 2,
  pollingIntervalSeconds: 1,
  handler: async ({ pluginId, tenantId, mode }, { db, signal }) => {
    // Background priority: a page's call on the same token never waits behind the sync's (lib/service/rate/).
    const result = await syncMirror(db, { pluginId, tenantId }, mode, { signal, client: { priority: 'background' } });
    getLogger().info(
      { job: 'mirror.sync', tenantId, mode, status: result.status, read: result.read, deleted: result.deleted },
      'mirror synced',
    );
  },
});

/**
 * Asks for a sync of the company's mirror (nothing while MIRROR_SYNC is off). Never fails its caller (a page, a connection just made): with the queue
 * down the request is logged and dropped, and the minute's tick asks again. Answers the job's id, or null when one
 * is already waiting (or the queue could not be reached).
 */
export async function requestMirrorSync(
  company: MirrorCompany,
  mode: (typeof modes)[number] = 'auto',
): Promise<string | null> {
  if (!getEnv().mirrorSync) return null;
  try {
    return await sendJob(mirrorSyncQueue, { ...company, mode }, { singletonKey: mirrorCompanyKey(company) });
  } catch (error) {
    getLogger().warn({ tenantId: company.tenantId, err: describeError(error) }, 'mirror sync not requested');
    return null;
  }
}

/**
 * A connection was just made (a token delivery, a consent: each company's copy is begun or brought up to date), or
 * the service said documents changed (an upload's result, a payment: `incremental`).
 */
export async function requestMirrorSyncs(
  pluginId: string,
  tenantIds: readonly string[],
  mode: (typeof modes)[number] = 'auto',
): Promise<void> {
  for (const tenantId of tenantIds) await requestMirrorSync({ pluginId, tenantId }, mode);
}

/**
 * Every minute, one instance: a sync for each company in use whose mirror is stale or due its next try, and the
 * purge of mirrors past their retention (MIRROR_RETENTION_DAYS unopened, or a day after every token was refused).
 */
export const mirrorTickQueue = defineQueue({
  name: 'mirror.tick',
  data: z.object({}),
  policy: 'one-per-key',
  cron: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  pollingIntervalSeconds: 5,
  handler: async (_data, { db }) => {
    const env = getEnv();
    const due = env.mirrorSync ? await companiesDueSync(db, env.sessionIdleSeconds) : [];
    for (const company of due) await requestMirrorSync(company);
    const purged = await purgeExpiredMirrors(db, env.mirrorRetentionDays);
    if (due.length > 0 || purged.length > 0) {
      getLogger().info({ job: 'mirror.tick', requested: due.length, purged: purged.length }, 'mirror upkeep');
    }
  },
});
