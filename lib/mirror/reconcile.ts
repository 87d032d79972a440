import 'server-only';
import type { Db } from '@/lib/db/client';
import type { DataApiClient } from '@/lib/service/client';
import type { MirrorCompany } from './company';
import { deleteUnlisted } from './documents';
import { DOCUMENT_KINDS } from './kinds';
import { pagesOf } from './service-pages';

/**
 * Removes what the service no longer lists: per kind, every id the lists name (lists without extended parts, the
 * smallest answers the interface has), then the kind's rows whose id is not among them. Answers how many rows went.
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
    for await (const page of pagesOf(client, kind, { idsOnly: true, signal })) {
      for (const record of page.records) listed.add(String(record.id));
    }
    deleted += await deleteUnlisted(db, company, kind, listed);
  }
  return deleted;
}
