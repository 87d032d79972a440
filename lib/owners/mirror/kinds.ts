import type { mirrorDocuments, mirrorReference } from '@/lib/platform/db/schema';

/** The documents a mirror holds, named as the mirror's rows name them. */
export type DocumentKind = (typeof mirrorDocuments.$inferSelect)['kind'];
export const DOCUMENT_KINDS = ['invoices', 'expenses', 'deliveryNotes'] as const satisfies readonly DocumentKind[];

/** The reference lists a mirror holds, each replaced whole on every sync. */
export type ReferenceKind = (typeof mirrorReference.$inferSelect)['kind'];
export const REFERENCE_KINDS = [
  'numberingSequences',
  'warehouses',
  'paymentAccounts',
] as const satisfies readonly ReferenceKind[];
