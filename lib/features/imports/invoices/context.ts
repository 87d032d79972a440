import 'server-only';

import { companyToday } from '@/lib/base/calendar';
import type { CompanyScope } from '@/lib/base/company-scope';
import {
  invoicePartnersOf,
  invoiceSequencesOf,
  issuedInvoiceKeysOf,
} from '@/lib/features/imports/queries/invoice-import';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';

import type { InvoiceContext } from './validate';

export type { InvoiceContext, KnownPartner } from './validate';

/**
 * What an invoice sheet is checked against, from the company's mirror (as its last sync copied it): the numbering
 * sequences of its regular invoices (none when never mirrored: then not checked), the invoices it has by sequence and
 * number (an imported invoice with such a number overwrites it at the service), the partners its invoices name, and
 * the company's today.
 */
export async function loadInvoiceContext(
  db: Db,
  scope: Pick<CompanyScope, 'pluginId' | 'tenantId'>,
  now: Date = new Date(),
): Promise<InvoiceContext> {
  const company = mirrorCompanyOf(scope);
  const [sequences, keys, partners] = await Promise.all([
    invoiceSequencesOf(db, company),
    issuedInvoiceKeysOf(db, company),
    invoicePartnersOf(db, company),
  ]);
  return {
    numberingSequences: sequences?.codes ?? [],
    defaultSequence: sequences?.defaultCode ?? null,
    existing: new Map(keys.map((key) => [`${key.numberingSequence}\u0000${key.documentNumber}`, { id: key.id }])),
    partners,
    today: companyToday(now),
  };
}
