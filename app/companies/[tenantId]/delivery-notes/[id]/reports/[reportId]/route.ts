import { otherMethods } from '@/lib/http/other-methods';
import { reportDownload, headNotAllowed } from '@/lib/http/company/file-routes';

export const dynamic = 'force-dynamic';

/** The document's PDF report as a download (lib/http/company/file-routes.ts). */
export const GET = reportDownload('deliveryNotes');
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
