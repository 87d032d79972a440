import 'server-only';

import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { Db } from '@/lib/platform/db/client';
import { importCsvMappings } from '@/lib/platform/db/schema';

import type { ImportCompany } from './lines';

/**
 * The column mapping a company confirmed for an account's CSV statements, remembered (one per account; any user of
 * the company reads and replaces it). Stored as the plain JSON the statement reader takes
 * (lib/features/imports/statements/csv-mapping.ts checks it on the way in and out: a mapping that no longer fits is
 * simply asked for again).
 */

const ACCOUNT_ID = /^[1-9]\d{0,18}$/;

export const storedCsvMappingSchema = z.object({
  accountId: z.string(),
  mapping: z.record(z.string(), z.unknown()),
  confirmedBy: z.string(),
  confirmedAt: z.date(),
});
export type StoredCsvMapping = z.infer<typeof storedCsvMappingSchema>;

const ofAccount = (company: ImportCompany, accountId: string) =>
  and(
    eq(importCsvMappings.pluginId, company.pluginId),
    eq(importCsvMappings.tenantId, company.tenantId),
    eq(importCsvMappings.accountId, accountId),
  );

/** What a remembered mapping is read as (storedCsvMappingSchema). */
const storedColumns = {
  accountId: importCsvMappings.accountId,
  mapping: importCsvMappings.mapping,
  confirmedBy: importCsvMappings.confirmedBy,
  confirmedAt: importCsvMappings.confirmedAt,
};

/** The account's remembered mapping; null when none was confirmed (or the id is no account's). */
export async function csvMappingOf(
  db: Db,
  company: ImportCompany,
  accountId: string,
): Promise<StoredCsvMapping | null> {
  if (!ACCOUNT_ID.test(accountId)) return null;
  const [row] = await db.select(storedColumns).from(importCsvMappings).where(ofAccount(company, accountId));
  const parsed = storedCsvMappingSchema.safeParse(row);
  return parsed.success ? parsed.data : null;
}

/** Remembers the mapping the session's user confirmed for the account (replacing the one before). */
export async function rememberCsvMapping(
  db: Db,
  scope: CompanyScope,
  accountId: string,
  mapping: Record<string, unknown>,
): Promise<void> {
  if (!ACCOUNT_ID.test(accountId)) throw new TypeError('an account id is decimal digits');
  await db
    .insert(importCsvMappings)
    .values({ pluginId: scope.pluginId, tenantId: scope.tenantId, accountId, mapping, confirmedBy: scope.userId })
    .onConflictDoUpdate({
      target: [importCsvMappings.pluginId, importCsvMappings.tenantId, importCsvMappings.accountId],
      set: { mapping, confirmedBy: scope.userId, confirmedAt: new Date() },
    });
}

/**
 * Every remembered mapping of the company, the most recently confirmed first: a CSV's header is looked up among
 * them when its own account has none (the form then proposes the columns set for another account, and says which).
 */
export async function csvMappingsOf(db: Db, company: ImportCompany): Promise<StoredCsvMapping[]> {
  const rows = await db
    .select(storedColumns)
    .from(importCsvMappings)
    .where(and(eq(importCsvMappings.pluginId, company.pluginId), eq(importCsvMappings.tenantId, company.tenantId)))
    .orderBy(desc(importCsvMappings.confirmedAt))
    // An account a company has: a few; a bound all the same.
    .limit(100);
  return rows.flatMap((row) => {
    const parsed = storedCsvMappingSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}
