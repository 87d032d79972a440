import { uploadInvoices } from '@/lib/doors/company/invoice-import';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

/**
 * POST /companies/{tenantId}/invoices/import, the invoice import form's upload (multipart/form-data, the field `file`,
 * our own pages only): next.config.mjs's rewrites (`uploadForms`) send the form page's POST here, its body untouched
 * by proxy.ts, since a page and a route handler cannot share a folder. A request made to this address directly is
 * answered the same way, by the same checks (lib/doors/company/invoice-import.ts).
 */
export const POST = uploadInvoices;
