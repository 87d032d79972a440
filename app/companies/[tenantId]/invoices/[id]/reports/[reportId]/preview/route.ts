import { reportAddresses } from '@/lib/features/documents/routes/files';

export const dynamic = 'force-dynamic';

/** 303 to the service's preview of the report, opened by the page in a new tab. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = reportAddresses.invoices.preview;
