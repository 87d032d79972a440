import 'server-only';

import type { Db } from '@/lib/platform/db/client';
import type { DataApiClient } from '@/lib/service/client';

import type { MirrorCompany } from './company';
import { deleteUnlisted } from './documents';
import { refusalOf } from './kind-refusal';
import { DOCUMENT_KINDS } from './kinds';
import { pagesOf } from './service-pages';

/**
 * Removes what the service no longer lists: per kind, every id the lists name (lists without extended parts, the
 * smallest answers the interface has), then the kind's rows whose id is not among them. Answers how many rows went.
 * A kind whose list the service refuses (404, 403) is left as it is: a refusal says nothing of what it holds.
 */
export async function removeDeleted(
  db: Db,
  company: MirrorCompany,
  client: DataApiClient,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  for (const kind of DOCUMENT_KINDS) {
    const listed = new Set<string>();
    try {
      for await (const page of pagesOf(client, kind, { idsOnly: true, signal })) {
        for (const record of page.records) listed.add(String(record.id));
      }
    } catch (error) {
      if (refusalOf(error) === null) throw error;
      continue;
    }
    deleted += await deleteUnlisted(db, company, kind, listed);
  }
  return deleted;
}
