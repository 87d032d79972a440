import { invoiceImportAddresses } from '@/lib/features/imports/routes/invoice-import';

export const dynamic = 'force-dynamic';

/** "Send N invoices to KROS" (contract.md, "Uploads"). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = invoiceImportAddresses.send;
