import { headNotAllowed } from '@/lib/http/company/file-routes';
import { listExport } from '@/lib/http/company/export-routes';
import { otherMethods } from '@/lib/http/other-methods';

export const dynamic = 'force-dynamic';

/** The list's export as XLSX: every row of its view, from the company's mirror (lib/http/company/export-routes.ts). */
export const GET = listExport('deliveryNotes', 'xlsx');
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
