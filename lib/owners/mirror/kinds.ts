import type { mirrorReference } from '@/lib/platform/db/schema';

/**
 * The documents a mirror holds, named as the mirror's rows name them: the one list of lib/base/document-kinds.ts,
 * which the schema's enum of `mirror_documents.kind` is too.
 */
export { DOCUMENT_KINDS, type DocumentKind } from '@/lib/base/document-kinds';

/** The reference lists a mirror holds, each replaced whole on every sync. */
export type ReferenceKind = (typeof mirrorReference.$inferSelect)['kind'];
export const REFERENCE_KINDS = [
  'numberingSequences',
  'warehouses',
  'paymentAccounts',
] as const satisfies readonly ReferenceKind[];
