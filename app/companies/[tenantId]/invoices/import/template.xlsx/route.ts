import { invoiceImportAddresses } from '@/lib/features/imports/routes/invoice-import';

export const dynamic = 'force-dynamic';

/** The invoice import's template as XLSX (contract.md, "Uploads"). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = invoiceImportAddresses.templates.xlsx;
