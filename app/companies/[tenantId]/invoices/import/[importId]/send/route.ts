import { sendInvoiceImport } from '@/lib/doors/company/invoice-import';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

/**
 * "Send N invoices to KROS" (contract.md, "Uploads"): queues the invoices named by the repeated field `line` (none
 * named: every ready one); an invoice whose number already exists at the service only with `overwrite=1`. 303 back to
 * the import's page. Our own pages only, the session's company only (403 before any work); another company's import is
 * not found (404).
 */
export const POST = sendInvoiceImport;
