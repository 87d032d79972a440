import { listExport } from '@/lib/doors/company/export-routes';
import { headNotAllowed } from '@/lib/doors/company/file-routes';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** The list's export as CSV: every row of its view, from the company's mirror (lib/doors/company/export-routes.ts). */
export const GET = listExport('invoices', 'csv');
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
