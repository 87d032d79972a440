/**
 * The kinds of document the add-on shows, named as the data-API client, the mirror's rows and the lists name them,
 * and the one rule of where each lives among a company's pages: `/companies/{tenantId}/{segment}` (its list, its
 * export), `…/{segment}/{id}` (one document, its reports). The database's enum of the mirror's rows is this list
 * (lib/platform/db/schema.ts). The service's own paths (`/api/delivery-notes`) are a different thing that reads alike
 * today: lib/service/document-paths.ts.
 */

export const DOCUMENT_KINDS = ['invoices', 'expenses', 'deliveryNotes'] as const;

export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const segments = {
  invoices: 'invoices',
  expenses: 'expenses',
  deliveryNotes: 'delivery-notes',
} as const satisfies Record<DocumentKind, string>;

/** The URL segment of a kind's pages under the company: `delivery-notes`. */
export type DocumentSegment = (typeof segments)[DocumentKind];

/** Where a kind's pages live under the company's address. */
export function segmentOf<K extends DocumentKind>(kind: K): (typeof segments)[K] {
  return segments[kind];
}

/**
 * A kind's own pages that stand beside its documents (`/companies/{tenantId}/invoices/import`, the invoice import
 * form): Next routes them before the document's page (`[id]`), so their name is never read as a document's id.
 * tests/documents/document-kinds.test.ts holds this list to app/'s folders.
 */
const pagesBesideDocuments: Record<DocumentSegment, readonly string[]> = {
  invoices: ['import'],
  expenses: [],
  'delivery-notes': [],
};

/** Whether `name` under a kind's segment is one of the kind's own pages rather than a document's id. */
export function isPageBesideDocuments(segment: string, name: string): boolean {
  const kind = kindOfSegment(segment);
  return kind !== null && pagesBesideDocuments[segmentOf(kind)].includes(name);
}

/** The kind whose pages live at a URL segment; null for any other segment. */
export function kindOfSegment(segment: string): DocumentKind | null {
  return DOCUMENT_KINDS.find((kind) => segments[kind] === segment) ?? null;
}
