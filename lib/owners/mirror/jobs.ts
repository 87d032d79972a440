import 'server-only';

import { z } from 'zod';

import { getEnv } from '@/lib/platform/env';
import { cancelJobs, sendJob } from '@/lib/platform/jobs/process';
import { type CancelJobs, defineQueue, defineSchedule, type SendJob } from '@/lib/platform/jobs/queue';
import { describeError, getLogger } from '@/lib/platform/log';

import { type MirrorCompany, mirrorCompanyKey } from './company';
import { readMirrorJournals, syncMirror } from './run';
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
  handler: async ({ pluginId, tenantId, mode }, { db, signal, send }) => {
    // Background priority: a page's call on the same token never waits behind the sync's (lib/service/rate/).
    const result = await syncMirror(db, { pluginId, tenantId }, mode, { signal, client: { priority: 'background' } });
    getLogger().info(
      { job: 'mirror.sync', tenantId, mode, status: result.status, read: result.read, deleted: result.deleted },
      'mirror synced',
    );
    // The expenses this sync brought (or changed) lack their journal until read one by one.
    if (result.status === 'ready') await requestJournalReads({ pluginId, tenantId }, send);
  },
});

/**
 * The journals of a company's mirrored expenses (lib/owners/mirror/journals.ts), a batch per job, one job per company at a
 * time; a job that leaves expenses unread sends itself again. Calls at background priority, like the sync's, and
 * the same failures: 401 stops the mirror, 402 pauses it (both end the job), busy or unavailable are retried.
 */
export const mirrorJournalsQueue = defineQueue({
  name: 'mirror.journals',
  data: z.object({ pluginId: z.string().min(1), tenantId: z.string().min(1) }),
  policy: 'one-per-key',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  // A batch is about ten seconds of calls; a page's calls go first, so it may take longer, never near this.
  expireInSeconds: 15 * 60,
  concurrency: 2,
  pollingIntervalSeconds: 1,
  handler: async ({ pluginId, tenantId }, { db, signal, send }) => {
    const company = { pluginId, tenantId };
    const result = await readMirrorJournals(db, company, { signal, client: { priority: 'background' } });
    if (result.read > 0 || result.status !== 'done') {
      getLogger().info({ job: 'mirror.journals', tenantId, status: result.status, read: result.read }, 'journals read');
    }
    // Again for the rest, a second later (this job is still running now: the next one would step back behind it).
    if (result.status === 'more') await requestJournalReads(company, send, 1);
  },
});

/**
 * Asks for the journals of the company's expenses to be read (nothing while MIRROR_SYNC is off); like a sync's
 * request, it never fails its caller. `send` is the queue of the job asking, or the process's.
 */
export async function requestJournalReads(
  company: MirrorCompany,
  send: SendJob = sendJob,
  startAfter?: number,
): Promise<string | null> {
  if (!getEnv().mirrorSync) return null;
  try {
    return await send(mirrorJournalsQueue, company, { singletonKey: mirrorCompanyKey(company), startAfter });
  } catch (error) {
    getLogger().warn({ tenantId: company.tenantId, err: describeError(error) }, 'journal reads not requested');
    return null;
  }
}

/**
 * Asks for a sync of the company's mirror (nothing while MIRROR_SYNC is off). Never fails its caller (a page, a connection just made): with the queue
 * down the request is logged and dropped, and the minute's tick asks again. Answers the job's id, or null when one
 * is already waiting (or the queue could not be reached).
 */
export async function requestMirrorSync(company: MirrorCompany, mode: MirrorSyncMode = 'auto'): Promise<string | null> {
  if (!getEnv().mirrorSync) return null;
  try {
    return await sendMirrorSync(company, mode);
  } catch (error) {
    getLogger().warn({ tenantId: company.tenantId, err: describeError(error) }, 'mirror sync not requested');
    return null;
  }
}

export type MirrorSyncMode = (typeof modes)[number];

/**
 * Sends a sync of the company's mirror on `send`'s queue, one per company at a time: the job's id, or null when one
 * already waits. Unlike requestMirrorSync it fails its caller when the queue cannot be reached, for a caller that
 * must say what became of its request (the operators' console, lib/features/console/actions.ts).
 */
export function sendMirrorSync(company: MirrorCompany, mode: MirrorSyncMode, send: SendJob = sendJob) {
  return send(mirrorSyncQueue, { ...company, mode }, { singletonKey: mirrorCompanyKey(company) });
}

/**
 * Cancels the company's mirror jobs, as a disconnect does: the syncs and journal reads waiting never run, and one
 * running in this process stops at its next safe point (its signal). One running on another instance stops at its
 * next page, which finds the company disconnected (lib/owners/mirror/page-guard.ts). Never fails its caller: with the queue
 * down it is logged, and those jobs stop the same way when they run. Answers how many jobs were cancelled.
 */
export async function cancelMirrorJobs(company: MirrorCompany, cancel: CancelJobs = cancelJobs): Promise<number> {
  const key = mirrorCompanyKey(company);
  try {
    return (await cancel(mirrorSyncQueue, key)) + (await cancel(mirrorJournalsQueue, key));
  } catch (error) {
    getLogger().warn({ tenantId: company.tenantId, err: describeError(error) }, 'mirror jobs not cancelled');
    return 0;
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
export const mirrorTickQueue = defineSchedule({
  name: 'mirror.tick',
  cron: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  pollingIntervalSeconds: 5,
  handler: async ({ db }) => {
    const env = getEnv();
    const due = env.mirrorSync ? await companiesDueSync(db, env.sessionIdleSeconds) : [];
    for (const company of due) await requestMirrorSync(company);
    const purged = await purgeExpiredMirrors(db, env.mirrorRetentionDays);
    if (due.length > 0 || purged.length > 0) {
      getLogger().info({ job: 'mirror.tick', requested: due.length, purged: purged.length }, 'mirror upkeep');
    }
  },
});
