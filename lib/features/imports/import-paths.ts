import type { LineState } from '@/lib/base/imports/states';
import { companyPath } from '@/lib/service/records/present';

/** The import's page and what its controls may change. Pure: the page, its routes and its components share it. */

/** `/companies/{tenantId}/payments/import/{importId}` */
export const importPagePath = (tenantId: string, importId: string) =>
  companyPath(tenantId, 'payments', 'import', importId);

/** The states whose lines the page may still change (lib/base/imports/states.ts EDITABLE_STATES). */
export const CHANGEABLE: readonly LineState[] = ['ready', 'unmatched', 'invalid', 'excluded', 'probably-recorded'];

/** `/companies/{tenantId}/{payments|invoices}/import/{importId}`: an import's page, by its kind. */
export const importPageOfKind = (tenantId: string, kind: 'payments' | 'invoices', importId: string) =>
  companyPath(tenantId, kind, 'import', importId);

/** `/companies/{tenantId}/imports/{importId}/discard`: the one "Discard" form of both kinds of import. */
export const importDiscardPath = (tenantId: string, importId: string) =>
  companyPath(tenantId, 'imports', importId, 'discard');
