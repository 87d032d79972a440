import { invoiceImportAddresses } from '@/lib/features/imports/routes/invoice-import';

export const dynamic = 'force-dynamic';

/** The invoice import's JSON view (contract.md, "Uploads"), reached by the proxy's rewrite. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = invoiceImportAddresses.view;
