import 'server-only';
import { openCompanyClientForWork } from '@/lib/connections/client';
import type { Db } from '@/lib/db/client';
import type { ClientOptions } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';
import type { MirrorCompany } from './company';
import type { SyncMode } from './plan';
import { sql } from 'drizzle-orm';
import { beginSync, updateState } from './state';
import { syncCompany, type SyncResult } from './sync';

/**
 * The job's entry point: opens the company's client with its most recently stored working token (lib/connections)
 * and syncs. A company left without any working token is 'stopped', as after a 401, until a connection is made.
 */
export async function syncMirror(
  db: Db,
  company: MirrorCompany,
  mode: SyncMode,
  options: { signal?: AbortSignal; client?: ClientOptions } = {},
): Promise<SyncResult> {
  const client = await openCompanyClientForWork(db, company, options.client).catch((error: unknown) => {
    if (isDataApiError(error, 'not-connected')) return null;
    throw error;
  });
  if (client === null) {
    await beginSync(db, company);
    await updateState(db, company, {
      status: 'stopped',
      lastErrorKind: 'not-connected',
      lastErrorAt: sql`now()`,
      nextTryAt: null,
    });
    return { status: 'stopped', steps: [], read: 0, deleted: 0, errorKind: 'not-connected' };
  }
  return syncCompany(db, company, client, mode, options.signal);
}
