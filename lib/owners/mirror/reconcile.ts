import 'server-only';

import type { Db } from '@/lib/platform/db/client';
import type { DataApiClient } from '@/lib/service/client';

import type { MirrorCompany } from './company';
import { refusalOf } from './kind-refusal';
import { KIND_STORES } from './kind-stores';
import { SYNCED_KINDS } from './kinds';

/**
 * Removes what the service no longer lists: per kind, every id the lists name (lists without extended parts, the
 * smallest answers the interface has), then the kind's rows whose id is not among them (./kind-stores.ts). Answers how many rows went.
 * A kind whose list the service refuses (404, 403) is left as it is: a refusal says nothing of what it holds.
 */
export async function removeDeleted(
  db: Db,
  company: MirrorCompany,
  client: DataApiClient,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  for (const kind of SYNCED_KINDS) {
    try {
      deleted += await KIND_STORES[kind].removeUnlisted(db, company, client, signal);
    } catch (error) {
      if (refusalOf(error) === null) throw error;
    }
  }
  return deleted;
}
