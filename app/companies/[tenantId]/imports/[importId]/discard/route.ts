import { discardImportRoute } from '@/lib/doors/company/import-discard';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

/**
 * "Discard the import" (contract.md, "Uploads"): a statement or invoice import with nothing sent is deleted with its
 * lines; 303 to the Imports list. One with anything sent, queued or of unknown fate: a 409 page saying why. Our own
 * pages only, the session's company only (403 before any work); another company's import is not found (404).
 */
export const POST = discardImportRoute;
