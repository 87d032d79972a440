import { headNotAllowed, reportPreview } from '@/lib/doors/company/file-routes';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** 303 to the service's preview of the report, opened by the page in a new tab (lib/doors/company/file-routes.ts). */
export const GET = reportPreview('invoices');
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
