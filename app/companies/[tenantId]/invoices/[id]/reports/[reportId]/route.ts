import { headNotAllowed, reportDownload } from '@/lib/doors/company/file-routes';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** The document's PDF report as a download (lib/doors/company/file-routes.ts). */
export const GET = reportDownload('invoices');
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
