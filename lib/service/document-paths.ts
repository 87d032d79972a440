import type { DocumentKind } from '@/lib/base/document-kinds';

/**
 * Where the SERVICE keeps each kind of document: the first segment of its data-API paths (`/api/delivery-notes/{id}`).
 * Not our pages' addresses (lib/base/document-kinds.ts), though the two read alike today: this one is the
 * interface's, read from its templates (an upload result's `apiUrl`, an endpoint's family) and written into its calls.
 */
const collections = {
  invoices: 'invoices',
  expenses: 'expenses',
  deliveryNotes: 'delivery-notes',
} as const satisfies Record<DocumentKind, string>;

export type ServiceCollection = (typeof collections)[DocumentKind];

/** The service's path segment of a kind: `deliveryNotes` → `delivery-notes` (`/api/delivery-notes`). */
export function serviceCollectionOf<K extends DocumentKind>(kind: K): (typeof collections)[K] {
  return collections[kind];
}

/** Every kind's segment of the service's paths. */
export const SERVICE_COLLECTIONS: readonly ServiceCollection[] = Object.values(collections);

/** The kind a segment of the service's paths names; null for any other. */
export function kindOfServiceCollection(segment: string): DocumentKind | null {
  return (Object.keys(collections) as DocumentKind[]).find((kind) => collections[kind] === segment) ?? null;
}

/** The kinds of document the service makes PDF reports of (and preview links to them). */
export const REPORTED_KINDS = ['invoices', 'deliveryNotes'] as const satisfies readonly DocumentKind[];

export type ReportedKind = (typeof REPORTED_KINDS)[number];
