import { statementUploadAddress } from '@/lib/features/imports/routes/statement-upload';

export const dynamic = 'force-dynamic';

/**
 * POST /companies/{tenantId}/payments/import, the bank-statement form's upload (multipart/form-data, our own pages
 * only): next.config.mjs's rewrites (`uploadForms`) send the form page's POST here, its body untouched by proxy.ts,
 * since a page and a route handler cannot share a folder. A request made to this address directly is answered the
 * same way, by the same checks (lib/features/imports/routes/statement-upload.ts).
 */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = statementUploadAddress;
