import 'server-only';

import { and, desc, eq, isNotNull } from 'drizzle-orm';

import { compactIban } from '@/lib/base/iban';
import type { CompanyFingerprint } from '@/lib/owners/connections/fingerprint';
import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';

import type { MirrorCompany } from './company';
import { mirroredReference } from './reference';

/** How many of the company's invoices a pasted token is asked to read (one call each). */
const INVOICES_COMPARED = 3;

/**
 * What the company's copy knows that another company's data would not match (lib/owners/connections/fingerprint.ts
 * compares a pasted token's readings with it): its accounts' IBANs and its latest invoices' ids and numbers. Empty
 * while the copy holds none of them (a company never synced).
 */
export async function companyFingerprint(db: Db, company: MirrorCompany): Promise<CompanyFingerprint> {
  const accounts = (await mirroredReference(db, company, 'paymentAccounts')) ?? [];
  const accountIbans = accounts.flatMap((account) => {
    const iban = (account as { iban?: unknown } | null)?.iban;
    return typeof iban === 'string' ? (compactIban(iban) ?? []) : [];
  });
  const invoices = await db
    .select({ id: mirrorDocuments.id, documentNumber: mirrorDocuments.documentNumber })
    .from(mirrorDocuments)
    .where(
      and(
        eq(mirrorDocuments.pluginId, company.pluginId),
        eq(mirrorDocuments.tenantId, company.tenantId),
        eq(mirrorDocuments.kind, 'invoices'),
        isNotNull(mirrorDocuments.documentNumber),
      ),
    )
    .orderBy(desc(mirrorDocuments.issueDate), desc(mirrorDocuments.id))
    .limit(INVOICES_COMPARED);
  return { accountIbans, invoices };
}
