import 'server-only';

import { sql } from 'drizzle-orm';

import { openCompanyClientForWork } from '@/lib/owners/connections/client';
import type { Db } from '@/lib/platform/db/client';
import type { ClientOptions, DataApiClient } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';

import type { MirrorCompany } from './company';
import { type JournalResult, readJournals } from './journals';
import type { SyncMode } from './plan';
import { beginSync, type StatePatch, updateState } from './state';
import { syncCompany, type SyncResult } from './sync';

type WorkOptions = { signal?: AbortSignal; client?: ClientOptions };

/** The company's client for background work, or null when no working token is left (the mirror is then stopped). */
async function clientForWork(db: Db, company: MirrorCompany, options: ClientOptions | undefined) {
  return openCompanyClientForWork(db, company, options).catch((error: unknown): DataApiClient | null => {
    if (isDataApiError(error, 'not-connected')) return null;
    throw error;
  });
}

const notConnected: StatePatch = {
  status: 'stopped',
  lastErrorKind: 'not-connected',
  lastErrorAt: sql`now()`,
  nextTryAt: null,
};

/**
 * The job's entry point: opens the company's client with the connection that drives its work (lib/owners/connections/work.ts:
 * a delivered or consented token first, never a pasted one still unproven)
 * and syncs. A company left without any working token is 'stopped', as after a 401, until a connection is made.
 */
export async function syncMirror(
  db: Db,
  company: MirrorCompany,
  mode: SyncMode,
  options: WorkOptions = {},
): Promise<SyncResult> {
  const client = await clientForWork(db, company, options.client);
  if (client === null) {
    await beginSync(db, company);
    await updateState(db, company, notConnected);
    return { status: 'stopped', steps: [], read: 0, deleted: 0, errorKind: 'not-connected' };
  }
  return syncCompany(db, company, client, mode, options.signal);
}

/** The journal job's entry point (lib/owners/mirror/journals.ts), with the same client and the same rule for no token. */
export async function readMirrorJournals(
  db: Db,
  company: MirrorCompany,
  options: WorkOptions & { batch?: number } = {},
): Promise<JournalResult> {
  const client = await clientForWork(db, company, options.client);
  if (client === null) {
    await updateState(db, company, notConnected);
    return { status: 'stopped', read: 0, errorKind: 'not-connected' };
  }
  return readJournals(db, company, client, { signal: options.signal, batch: options.batch });
}
