import { invoiceImportAddresses } from '@/lib/features/imports/routes/invoice-import';

export const dynamic = 'force-dynamic';

/**
 * The rows of the import's invalid and refused invoices, with a last column saying why (contract.md, "Uploads").
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = invoiceImportAddresses.failedRows;
