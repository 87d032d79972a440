import { attachmentAddress } from '@/lib/features/documents/routes/files';

export const dynamic = 'force-dynamic';

/** One attachment of an expense, streamed; inline for images and PDFs on request. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = attachmentAddress;
