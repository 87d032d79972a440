import 'server-only';

import { and, eq } from 'drizzle-orm';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { MirroredRecord } from '@/lib/owners/mirror/document-row';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { recordSchemas } from '@/lib/owners/mirror/query/records';
import { documentsOf } from '@/lib/owners/mirror/rows';
import { mirrorServesSql } from '@/lib/owners/mirror/status';
import type { Db } from '@/lib/platform/db/client';
import { mirrorCompanies, mirrorDocuments } from '@/lib/platform/db/schema';

/**
 * One document of a company's mirror for its detail page, or null when the page must ask the service: the kind is
 * not ready (not yet read whole by a full sync, or the service refused the token: a stopped mirror is never served), the
 * mirror does not hold the id (it may be brand new), or it holds less than the single record would give. That is an
 * expense whose journal is not read yet (lib/owners/mirror/journals.ts): its page would wrongly say it has none. Invoices
 * and delivery notes are mirrored with their extended parts, as complete as their single records. One statement.
 */
export async function mirroredDocument<K extends DocumentKind>(
  db: Db,
  company: MirrorCompany,
  kind: K,
  id: string,
): Promise<MirroredRecord[K] | null> {
  const [row] = await db
    .select({ record: mirrorDocuments.record, detailReadAt: mirrorDocuments.detailReadAt })
    .from(mirrorDocuments)
    .innerJoin(
      mirrorCompanies,
      and(
        eq(mirrorCompanies.pluginId, mirrorDocuments.pluginId),
        eq(mirrorCompanies.tenantId, mirrorDocuments.tenantId),
      ),
    )
    .where(
      and(
        documentsOf(company, kind),
        eq(mirrorDocuments.id, id),
        // readinessOf (../status.ts) in SQL: served once the kind was read whole, while its token is not refused.
        mirrorServesSql([kind]),
      ),
    );
  if (!row || (kind === 'expenses' && row.detailReadAt === null)) return null;
  // A record this version cannot read (stored by an older one) is asked for again rather than shown wrongly.
  const parsed = recordSchemas[kind].safeParse(row.record);
  if (!parsed.success) return null;
  // An expense whose single record could not be read keeps the list's, which has no journal at all.
  if (kind === 'expenses' && !Array.isArray((parsed.data as MirroredRecord['expenses']).journalItems)) return null;
  return parsed.data;
}
