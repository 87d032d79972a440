import 'server-only';

import { randomUUID } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';

import { openCompanyClientForWork } from '@/lib/owners/connections/client';
import type { WorkFor } from '@/lib/owners/connections/work';
import type { Db } from '@/lib/platform/db/client';
import type { ClientOptions, DataApiClient } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';

import { claimBatch, markPosting, nextImportToSend, resolveOrphans } from './batches';
import { checkSentLines, type ClientFor, nextCheckAt, postponeChecks } from './check';
import { kindDefinition } from './kinds';
import { releaseLease, takeLease } from './lease';
import type { ImportCompany } from './lines';
import { recordOutcome, stopImport } from './outcomes';
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
  /**
   * The client of the work of one user of the company: their imports' sending and reading back (default: the
   * connection lib/owners/connections/work.ts ranks first for that user, at background priority).
   */
  openClient?: (company: ImportCompany, work: WorkFor) => Promise<DataApiClient>;
  settings?: Partial<SenderSettings>;
};

export type WorkResult = {
  /**
   * `busy`: another sender holds the company's lease; `stopped`: imports were stopped for want of a connection that
   * may drive them, and nothing was sent.
   */
  status: 'worked' | 'busy' | 'stopped';
  posted: number;
  confirmed: number;
  requeued: number;
  /** Queued lines are left: send again after this many seconds. */
  sendAgainInSeconds: number | null;
  /** Lines still `sent`: check again at this time. */
  checkAt: Date | null;
};

const defaultClient = (db: Db) => (company: ImportCompany, work: WorkFor) =>
  openCompanyClientForWork(db, company, { priority: 'background' } satisfies ClientOptions, work);

/**
 * Each import is sent and read back with the client of its creator's work, opened once per run: a pasted token not
 * yet shown to belong to the company sends only its own user's imports, never another user's (./work.ts of the
 * connections). Null when no connection may drive that user's work.
 */
function clientsOfRun(company: ImportCompany, open: NonNullable<WorkOptions['openClient']>): ClientFor {
  const opened = new Map<string, Promise<DataApiClient | null>>();
  return (userId) => {
    let client = opened.get(userId);
    if (!client) {
      client = open(company, { userId }).catch((error: unknown) => {
        if (isDataApiError(error, 'not-connected')) return null;
        throw error;
      });
      opened.set(userId, client);
    }
    return client;
  };
}

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
    const clientFor = clientsOfRun(company, options.openClient ?? defaultClient(db));

    try {
      const checked = await checkSentLines(db, company, clientFor, settings);
      result.confirmed = checked.confirmed;
      result.requeued = checked.requeued;
    } catch (error) {
      // A check that could not read (busy, unavailable, refused) changes nothing: the batches stay due.
      if (!isDataApiError(error)) throw error;
      await postponeChecks(db, company, settings.failedCheckSeconds);
    }

    const stopped = await sendQueued(db, company, clientFor, holder, settings, result, options.signal);
    if (stopped && result.posted === 0) result.status = 'stopped';
    result.checkAt = await nextCheckAt(db, company);
    return result;
  } finally {
    await releaseLease(db, company, holder);
  }
}

/**
 * Sends batch after batch, writing each before its POST leaves and its outcome after. An import whose creator has no
 * connection that may drive their work is stopped as `disconnected` (they resume it once connected). Answers whether
 * one was stopped so.
 */
async function sendQueued(
  db: Db,
  company: ImportCompany,
  clientFor: ClientFor,
  holder: string,
  settings: SenderSettings,
  result: WorkResult,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const started = Date.now();
  let stopped = false;
  for (;;) {
    if (signal?.aborted || Date.now() - started > settings.maxRunSeconds * 1_000) {
      result.sendAgainInSeconds = 1;
      return stopped;
    }
    const next = await nextImportToSend(db, company);
    if (next === null) return stopped;
    const client = await clientFor(next.createdBy);
    if (client === null) {
      await stopImport(db, company, next.importId, 'disconnected');
      stopped = true;
      continue;
    }
    const claim = await claimBatch(db, company, holder, {
      leaseSeconds: settings.leaseSeconds,
      size: Math.min(settings.batchSize, kindDefinition(next.kind).batchSize),
      importId: next.importId,
    });
    // Nothing left of that import (another sender's claim, or its user stopped it): look for the next one.
    if (claim.status === 'nothing') continue;
    if (claim.status === 'lease-lost') {
      result.sendAgainInSeconds = settings.busyRetrySeconds;
      return stopped;
    }
    const { batch } = claim;
    if (!(await markPosting(db, batch.batchId, holder, bodyDigest(batch)))) return stopped;
    const { outcome, retryAfterSeconds } = await postBatch(client, batch);
    result.posted += 1;
    await recordOutcome(db, company, batch, holder, outcome, settings);

    if (outcome.kind === 'unknown') {
      // The service may be in trouble: the rest waits a little, and this batch waits for its reading back.
      result.sendAgainInSeconds = settings.unknownRetrySeconds;
      return stopped;
    }
    if (outcome.kind === 'stopped') return stopped;
    if (outcome.kind === 'not-sent') {
      // Without a retry-after the service could not be reached at all: try again later, not in a tight loop.
      const wait = retryAfterSeconds ?? settings.unreachableRetrySeconds;
      if (retryAfterSeconds === undefined || wait > settings.maxInlineWaitSeconds) {
        result.sendAgainInSeconds = wait;
        return stopped;
      }
      try {
        await sleepFor(wait * 1_000, undefined, { signal });
      } catch {
        result.sendAgainInSeconds = 1;
        return stopped;
      }
    }
  }
}
