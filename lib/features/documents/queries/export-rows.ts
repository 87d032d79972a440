import 'server-only';

import { sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { iterateMirrored } from '@/lib/owners/mirror/query/iterate';
import type { MirrorView } from '@/lib/owners/mirror/query/view';
import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';

const record = mirrorDocuments.record;

/**
 * What an export reads of each row: the mirror's own columns, and from the stored record only the few fields the
 * columns need (as text: amounts as the service wrote them, never through a float), not the whole record with its
 * items, which would cost the database, the wire and the parse many times more.
 */
const exportFields = {
  id: mirrorDocuments.id,
  documentNumber: mirrorDocuments.documentNumber,
  issueDate: mirrorDocuments.issueDate,
  dueDate: mirrorDocuments.dueDate,
  deliveryDate: sql<string | null>`${record}->>'deliveryDate'`,
  partnerName: mirrorDocuments.partnerName,
  registrationId: sql<string | null>`${record}->'partner'->>'registrationId'`,
  variableSymbol: sql<string | null>`${record}->>'variableSymbol'`,
  currency: mirrorDocuments.currency,
  totalExclVat: mirrorDocuments.totalExclVat,
  totalInclVat: mirrorDocuments.totalInclVat,
  totalInclVatCurrency: mirrorDocuments.totalInclVatCurrency,
  sumForPayment: sql<string | null>`${record}->>'sumForPayment'`,
  sumOfPayments: sql<string | null>`${record}->>'sumOfPayments'`,
  paymentStatus: mirrorDocuments.paymentStatus,
  invoiceType: sql<string | null>`${record}->>'invoiceType'`,
  documentType: sql<string | null>`${record}->>'documentType'`,
};

export type MirroredExportRow = SelectResultFields<typeof exportFields>;

/** Every row of the view as an export reads it, in the list's order, a batch at a time (iterate.ts). */
export function iterateExportRows<K extends DocumentKind>(
  db: Db,
  company: MirrorCompany,
  kind: K,
  view: Omit<MirrorView<K>, 'top' | 'skip'>,
  batchSize?: number,
): AsyncGenerator<MirroredExportRow[], void, undefined> {
  return iterateMirrored(db, company, kind, view, exportFields, batchSize);
}
