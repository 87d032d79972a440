import { attachmentContent, headNotAllowed } from '@/lib/doors/company/file-routes';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** One attachment of an expense, streamed; inline for images and PDFs on request (lib/doors/company/file-routes.ts). */
export const GET = attachmentContent;
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
