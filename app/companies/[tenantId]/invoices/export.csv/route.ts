import { listExports } from '@/lib/features/documents/routes/exports';

export const dynamic = 'force-dynamic';

/** The list's export as CSV: every row of its view, from the company's mirror. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = listExports.invoices.csv;
