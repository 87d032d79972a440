import 'server-only';

import { holdWorkingConnection } from '@/lib/owners/connections/states';
import type { Db } from '@/lib/platform/db/client';
import { mirrorCompanies } from '@/lib/platform/db/schema';
import { DataApiError } from '@/lib/service/errors';

import type { MirrorCompany } from './company';
import { MirrorPurged } from './failures';
import { companyRow } from './rows';

/**
 * Writes one page of a sync (documents, a reference list, with the progress that goes with them) in one transaction
 * that first makes sure the company may still have a copy: a working connection, held until the page is in
 * (lib/owners/connections/states.ts), and its mirror's state row, locked. A disconnect (lib/features/console/actions.ts) or a purge
 * (./retention.ts) that came first leaves the sync nothing to write to: it throws, and the sync stops ('not-connected'
 * or 'purged', not retried); one that comes later waits for the page and then erases it with the rest. This is what
 * surely stops a sync running on another instance, which no signal reaches, holding a token that was forgotten.
 */
export async function writeSyncPage<T>(db: Db, company: MirrorCompany, write: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await holdWorkingConnection(tx, company))) throw new DataApiError('not-connected');
    const [state] = await tx
      .select({ tenantId: mirrorCompanies.tenantId })
      .from(mirrorCompanies)
      .where(companyRow(company))
      .for('update');
    if (!state) throw new MirrorPurged();
    return write(tx);
  });
}
