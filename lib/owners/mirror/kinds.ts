import { DOCUMENT_KINDS, type DocumentKind } from '@/lib/base/document-kinds';
import type { mirrorReference } from '@/lib/platform/db/schema';

/**
 * The documents a mirror holds, named as the mirror's rows name them: the one list of lib/base/document-kinds.ts,
 * which the schema's enum of `mirror_documents.kind` is too.
 */
export { DOCUMENT_KINDS, type DocumentKind };

/**
 * Every kind the sync reads page by page, with its progress, cursor and refusal: the documents, then the payments
 * (`mirror_payments`) and the catalog items (`mirror_catalog_items`). Each kind's store is in ./kind-stores.ts.
 */
export const SYNCED_KINDS = [...DOCUMENT_KINDS, 'payments', 'catalogItems'] as const;
export type SyncedKind = (typeof SYNCED_KINDS)[number];

export const isDocumentKind = (kind: SyncedKind): kind is DocumentKind =>
  (DOCUMENT_KINDS as readonly string[]).includes(kind);

/** The reference lists a mirror holds, each replaced whole on every sync. */
export type ReferenceKind = (typeof mirrorReference.$inferSelect)['kind'];
export const REFERENCE_KINDS = [
  'numberingSequences',
  'warehouses',
  'paymentAccounts',
] as const satisfies readonly ReferenceKind[];
