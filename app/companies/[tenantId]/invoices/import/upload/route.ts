import { invoiceImportAddresses } from '@/lib/features/imports/routes/invoice-import';

export const dynamic = 'force-dynamic';

/**
 * POST /companies/{tenantId}/invoices/import, the invoice import form's upload (multipart/form-data, the field `file`,
 * our own pages only): next.config.mjs's rewrites (`uploadForms`) send the form page's POST here, its body untouched
 * by proxy.ts, since a page and a route handler cannot share a folder. A request made to this address directly is
 * answered the same way, by the same checks (lib/features/imports/routes/invoice-import.ts).
 */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = invoiceImportAddresses.upload;
