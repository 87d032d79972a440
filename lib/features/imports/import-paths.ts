import type { ImportKind, LineState } from '@/lib/base/imports/states';
import { companyPath } from '@/lib/service/records/present';

/** The import's page and what its controls may change. Pure: the page, its routes and its components share it. */

/** `/companies/{tenantId}/payments/import/{importId}` */
export const importPagePath = (tenantId: string, importId: string) => importPageOfKind(tenantId, 'payments', importId);

/** The states whose lines the page may still change (lib/base/imports/states.ts EDITABLE_STATES). */
export const CHANGEABLE: readonly LineState[] = ['ready', 'unmatched', 'invalid', 'excluded', 'probably-recorded'];

/**
 * The company's section each kind's imports live under (`/companies/{tenantId}/{section}/import/…`), the section the
 * page's frame shows as current: a new kind names its own.
 */
export const IMPORT_SECTIONS = {
  payments: 'payments',
  invoices: 'invoices',
} as const satisfies Record<ImportKind, string>;

/** `/companies/{tenantId}/{section}/import/{importId}`: an import's page, by its kind. */
export const importPageOfKind = (tenantId: string, kind: ImportKind, importId: string) =>
  companyPath(tenantId, IMPORT_SECTIONS[kind], 'import', importId);

/** `/companies/{tenantId}/imports/{importId}/discard`: the one "Discard" form of both kinds of import. */
export const importDiscardPath = (tenantId: string, importId: string) =>
  companyPath(tenantId, 'imports', importId, 'discard');
