import 'server-only';

/**
 * What pages read from the mirror (issue 11): a page of a kind's documents with search, sort and the list's
 * filters (listMirrored), the totals of the whole view (totalsOfMirrored), how late an unpaid one is (daysOverdue),
 * and one document for its detail page (mirroredDocument). Server-only: it hands on database functions, so a
 * component takes only its types (the pure helpers have their own modules). The
 * documents' own read model is beside it; the rest is the mirror's shared query kit (lib/owners/mirror/query/),
 * handed on so the documents' pages, exports and tests ask one module.
 */
export { listMirrored, MAX_TOP, type MirroredList } from './list';
export { mirroredDocument } from './detail';
export { iterateMirrored, DEFAULT_BATCH_SIZE, type MirrorFields } from '@/lib/owners/mirror/query/iterate';
export { totalsOfMirrored, type Decimal, type MirroredTotals } from '@/lib/owners/mirror/query/totals';
export { daysOverdue, type Payable } from '@/lib/service/records/overdue';
export { highlightsOf, type FieldHighlight } from '@/lib/owners/mirror/query/highlights';
export { documentSorts, type Sort, type SortKey, type SortParam } from '@/lib/owners/mirror/query/sort';
export type { MirrorView } from '@/lib/owners/mirror/query/view';
export type { MirrorFilters } from '@/lib/owners/mirror/query/filters';
