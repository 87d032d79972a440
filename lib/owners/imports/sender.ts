import 'server-only';

import { randomUUID } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';

import { openCompanyClientForWork } from '@/lib/owners/connections/client';
import type { Db } from '@/lib/platform/db/client';
import type { ClientOptions, DataApiClient } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';

import { claimBatch, markPosting, resolveOrphans } from './batches';
import { checkSentLines, nextCheckAt, postponeChecks } from './check';
import { releaseLease, takeLease } from './lease';
import type { ImportCompany } from './lines';
import { recordOutcome, stopImports } from './outcomes';
import { bodyDigest, postBatch } from './post';
import { type SenderSettings, senderSettings } from './settings';

/**
 * The work of a company's imports, run by its jobs (./jobs.ts): under the company's lease, it settles the batches a
 * dead sender left, reads back the lines due a check, then sends the queued lines in batches of at most 100 until
 * none is left, the service asks it to wait, a batch's fate is unknown, or its time is up. It never sleeps long: what
 * is left for later it hands back (`sendAgainInSeconds`, `checkAt`) for the job to ask for.
 */

export type WorkOptions = {
  signal?: AbortSignal;
  /** The company's client (default: its most recent working token, at background priority). */
  openClient?: (company: ImportCompany) => Promise<DataApiClient>;
  settings?: Partial<SenderSettings>;
};

export type WorkResult = {
  /** `busy`: another sender holds the company's lease; `stopped`: no working connection (imports stopped). */
  status: 'worked' | 'busy' | 'stopped';
  posted: number;
  confirmed: number;
  requeued: number;
  /** Queued lines are left: send again after this many seconds. */
  sendAgainInSeconds: number | null;
  /** Lines still `sent`: check again at this time. */
  checkAt: Date | null;
};

const defaultClient = (db: Db) => (company: ImportCompany) =>
  openCompanyClientForWork(db, company, { priority: 'background' } satisfies ClientOptions);

export async function workOnImports(db: Db, company: ImportCompany, options: WorkOptions = {}): Promise<WorkResult> {
  const settings = senderSettings(options.settings);
  const holder = randomUUID();
  const result: WorkResult = {
    status: 'worked',
    posted: 0,
    confirmed: 0,
    requeued: 0,
    sendAgainInSeconds: null,
    checkAt: null,
  };
  if (!(await takeLease(db, company, holder, settings.leaseSeconds))) return { ...result, status: 'busy' };
  try {
    await resolveOrphans(db, company, holder, settings.resendWindowSeconds);
    let client: DataApiClient;
    try {
      client = await (options.openClient ?? defaultClient(db))(company);
    } catch (error) {
      if (!isDataApiError(error, 'not-connected')) throw error;
      // Nobody of the company has a working token: nothing can be sent or read back until a connection is made.
      await stopImports(db, company, 'disconnected');
      await postponeChecks(db, company, settings.disconnectedCheckSeconds);
      return { ...result, status: 'stopped', checkAt: await nextCheckAt(db, company) };
    }

    try {
      const checked = await checkSentLines(db, company, client, settings);
      result.confirmed = checked.confirmed;
      result.requeued = checked.requeued;
    } catch (error) {
      // A check that could not read (busy, unavailable, refused) changes nothing: the batches stay due.
      if (!isDataApiError(error)) throw error;
      await postponeChecks(db, company, settings.failedCheckSeconds);
    }

    await sendQueued(db, company, client, holder, settings, result, options.signal);
    result.checkAt = await nextCheckAt(db, company);
    return result;
  } finally {
    await releaseLease(db, company, holder);
  }
}

/** Sends batch after batch, writing each before its POST leaves and its outcome after. */
async function sendQueued(
  db: Db,
  company: ImportCompany,
  client: DataApiClient,
  holder: string,
  settings: SenderSettings,
  result: WorkResult,
  signal: AbortSignal | undefined,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (signal?.aborted || Date.now() - started > settings.maxRunSeconds * 1_000) {
      result.sendAgainInSeconds = 1;
      return;
    }
    const claim = await claimBatch(db, company, holder, {
      leaseSeconds: settings.leaseSeconds,
      size: settings.batchSize,
    });
    if (claim.status === 'nothing') return;
    if (claim.status === 'lease-lost') {
      result.sendAgainInSeconds = settings.busyRetrySeconds;
      return;
    }
    const { batch } = claim;
    if (!(await markPosting(db, batch.batchId, holder, bodyDigest(batch)))) return;
    const { outcome, retryAfterSeconds } = await postBatch(client, batch);
    result.posted += 1;
    await recordOutcome(db, company, batch, holder, outcome, settings);

    if (outcome.kind === 'unknown') {
      // The service may be in trouble: the rest waits a little, and this batch waits for its reading back.
      result.sendAgainInSeconds = settings.unknownRetrySeconds;
      return;
    }
    if (outcome.kind === 'stopped') return;
    if (outcome.kind === 'not-sent') {
      // Without a retry-after the service could not be reached at all: try again later, not in a tight loop.
      const wait = retryAfterSeconds ?? settings.unreachableRetrySeconds;
      if (retryAfterSeconds === undefined || wait > settings.maxInlineWaitSeconds) {
        result.sendAgainInSeconds = wait;
        return;
      }
      try {
        await sleepFor(wait * 1_000, undefined, { signal });
      } catch {
        result.sendAgainInSeconds = 1;
        return;
      }
    }
  }
}
