import 'server-only';

import { sql } from 'drizzle-orm';

import { HOLDING_STATES, type ImportKind } from '@/lib/base/imports/states';
import type { Db } from '@/lib/platform/db/client';
import { rowsOf } from '@/lib/platform/db/client';

import { type ImportCompany, isImportId } from './lines';
import { whileQueueing } from './queue';

/**
 * Discarding an import of which nothing has left: its lines and the import itself are deleted (the lines by the
 * foreign key's cascade). Nothing of it reached the service, so nothing in the books refers to it, and the Imports
 * list no longer offers it as work to do. An import with any line queued, sent, done or with a problem (its
 * externalId held), or any batch at all (a POST that may have left, whatever its outcome), is never discarded: its
 * lines are the only record of what the service may have.
 *
 * Under the company's queueing lock (./queue.ts): a "Record N" pressed in another tab at the same moment either
 * queued first (the discard is then refused) or finds the import gone (nothing is queued).
 */

export type DiscardResult =
  | { kind: 'discarded'; importKind: ImportKind; fileName: string; lines: number }
  | { kind: 'refused'; importKind: ImportKind }
  | { kind: 'not-found' };

const holding = sql.join(
  HOLDING_STATES.map((state) => sql`${state}`),
  sql`, `,
);

export async function discardImport(db: Db, company: ImportCompany, importId: string): Promise<DiscardResult> {
  if (!isImportId(importId)) return { kind: 'not-found' };
  return whileQueueing(db, company, async (tx) => {
    const [found] = rowsOf<{ kind: ImportKind; file_name: string; lines: number; left: boolean }>(
      await tx.execute(sql`
        select i.kind, i.file_name,
               (select count(*)::int from import_lines l where l.import_id = i.id) as lines,
               (exists (select 1 from import_lines l where l.import_id = i.id and l.state in (${holding}))
                or exists (select 1 from import_batches b where b.import_id = i.id)) as left
          from imports i
         where i.id = ${importId}::uuid and i.plugin_id = ${company.pluginId} and i.tenant_id = ${company.tenantId}
           for update`),
    );
    if (!found) return { kind: 'not-found' };
    if (found.left) return { kind: 'refused', importKind: found.kind };
    await tx.execute(sql`
      delete from imports
       where id = ${importId}::uuid and plugin_id = ${company.pluginId} and tenant_id = ${company.tenantId}`);
    return { kind: 'discarded', importKind: found.kind, fileName: found.file_name, lines: found.lines };
  });
}
