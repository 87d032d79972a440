import { headNotAllowed } from '@/lib/doors/company/file-routes';
import { invoiceFailedRows } from '@/lib/doors/company/invoice-import';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/**
 * The rows of the import's invalid and refused invoices, as they were read, with a last column saying why (contract.md,
 * "Uploads"): ready to correct and import again. Another company's import, or an unknown one, is not found (404).
 */
export const GET = invoiceFailedRows;
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
