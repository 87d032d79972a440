import 'server-only';

import { sql } from 'drizzle-orm';
import { z } from 'zod';

import { requestMirrorSync } from '@/lib/owners/mirror/jobs';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { sendJob } from '@/lib/platform/jobs/process';
import {
  defineQueue,
  defineSchedule,
  type JobContext,
  type QueueDefinition,
  type SendJob,
} from '@/lib/platform/jobs/queue';
import { describeError, getLogger } from '@/lib/platform/log';

import { type ImportCompany, importCompanyKey } from './lines';
import { workOnImports, type WorkOptions } from './sender';

/**
 * The imports' work as jobs of the database's queue, one company at a time ('one-per-key' on the company, and the
 * company's lease inside: ./lease.ts): `imports.send` when lines were queued (and again while some are left),
 * `imports.check` when lines still `sent` are due a reading back, and the minute's `imports.tick`, which finds any
 * company whose work was left behind (a queue that was down when the lines were queued, a sender that died) and asks
 * for its check. Both jobs do the same work; two queues so that a re-check waiting minutes ahead never holds up a send.
 */

const companyData = z.object({ pluginId: z.string().min(1), tenantId: z.string().min(1) });

const jobSettings = {
  data: companyData,
  policy: 'one-per-key',
  // The database or the service failed under the job: about 30 s, then 1, 2 and 4 minutes.
  retryLimit: 4,
  retryDelay: 30,
  retryBackoff: true,
  // A run sends for at most two minutes (settings.maxRunSeconds); a job still running after five has died.
  expireInSeconds: 5 * 60,
  concurrency: 2,
  pollingIntervalSeconds: 1,
} as const;

/**
 * The imports' queues. The add-on's are made with the defaults (below); a test makes its own with its timings and
 * client (`options`), under names of its own when it must not meet the add-on's.
 */
export function defineImportQueues(options: Omit<WorkOptions, 'signal'> = {}, prefix = 'imports') {
  async function work(company: ImportCompany, mode: 'send' | 'check', { db, signal, send }: JobContext) {
    const result = await workOnImports(db, company, { ...options, signal });
    if (result.posted > 0 || result.confirmed > 0 || result.requeued > 0 || result.status === 'stopped') {
      getLogger().info(
        {
          job: `${prefix}.${mode}`,
          tenantId: company.tenantId,
          status: result.status,
          posted: result.posted,
          confirmed: result.confirmed,
          requeued: result.requeued,
        },
        'imports worked on',
      );
    }
    // Lines confirmed are payments KROS recorded: their invoices changed, which the company's copy then reads.
    if (result.confirmed > 0) await requestMirrorSync(company, 'incremental');
    const key = importCompanyKey(company);
    // Another sender has the lease: it sends whatever is queued, but a send asked for just as it finished must not
    // wait for the tick. A check meeting a busy lease leaves it to the holder.
    const sendAgain = result.status === 'busy' ? (mode === 'send' ? 5 : null) : result.sendAgainInSeconds;
    if (sendAgain !== null) await send(sendQueue, company, { singletonKey: key, startAfter: sendAgain });
    if (result.checkAt) await send(checkQueue, company, { singletonKey: key, startAfter: result.checkAt });
    return result;
  }

  const sendQueue = defineQueue({
    name: `${prefix}.send`,
    ...jobSettings,
    handler: async (company, context) => void (await work(company, 'send', context)),
  });

  const checkQueue = defineQueue({
    name: `${prefix}.check`,
    ...jobSettings,
    handler: async (company, context) => void (await work(company, 'check', context)),
  });

  /**
   * Every minute, one instance: each company with queued lines of an import that is not stopped, a batch left
   * `pending` by a sender whose lease ran out, or a check due, gets its check (which sends too).
   */
  const tickQueue = defineSchedule({
    name: `${prefix}.tick`,
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    pollingIntervalSeconds: 5,
    handler: async ({ db, send }) => {
      const companies = await companiesWithImportWork(db);
      for (const company of companies) {
        await send(checkQueue, company, { singletonKey: importCompanyKey(company) });
      }
      if (companies.length > 0) getLogger().info({ job: `${prefix}.tick`, companies: companies.length }, 'imports due');
    },
  });

  return { sendQueue, checkQueue, tickQueue };
}

export const {
  sendQueue: importSendQueue,
  checkQueue: importCheckQueue,
  tickQueue: importTickQueue,
} = defineImportQueues();

/** The companies whose imports have work nobody is doing (see importTickQueue). */
export async function companiesWithImportWork(db: Db): Promise<ImportCompany[]> {
  const rows = rowsOf<{ plugin_id: string; tenant_id: string }>(
    await db.execute(sql`
      select distinct i.plugin_id, i.tenant_id from imports i
       where (i.stopped_at is null and exists (
               select 1 from import_lines l
                where l.import_id = i.id and l.state = 'queued' and l.batch_id is null))
          or exists (
               select 1 from import_batches b
                where b.import_id = i.id
                  and ((b.outcome = 'pending' and not exists (
                          select 1 from import_senders s
                           where s.plugin_id = b.plugin_id and s.tenant_id = b.tenant_id and s.expires_at > now()))
                       or (b.next_check_at <= now()
                           and exists (select 1 from import_lines l where l.batch_id = b.id and l.state = 'sent'))))
       order by 1, 2`),
  );
  return rows.map((row) => ({ pluginId: row.plugin_id, tenantId: row.tenant_id }));
}

/**
 * Asks for the company's sender (after lines were queued: ./queue.ts). Never fails its caller: with the queue down the
 * request is logged and dropped, and the minute's tick asks again. The job's id, or null when one already waits.
 */
export async function requestImportSend(
  company: ImportCompany,
  send: SendJob = sendJob,
  queue: QueueDefinition = importSendQueue,
): Promise<string | null> {
  try {
    return await send(queue, company, { singletonKey: importCompanyKey(company) });
  } catch (error) {
    getLogger().warn({ tenantId: company.tenantId, err: describeError(error) }, 'import send not requested');
    return null;
  }
}
