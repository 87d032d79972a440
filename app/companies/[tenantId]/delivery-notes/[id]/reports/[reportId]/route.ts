import { reportAddresses } from '@/lib/features/documents/routes/files';

export const dynamic = 'force-dynamic';

/** The document's PDF report as a download. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = reportAddresses.deliveryNotes.download;
