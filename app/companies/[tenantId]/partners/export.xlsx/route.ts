import { headNotAllowed } from '@/lib/doors/company/file-routes';
import { partnersExport } from '@/lib/doors/company/partner-exports';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** The partners list as XLSX: every partner of its view, from the company's mirror (lib/doors/company/partner-exports.ts). */
export const GET = partnersExport('xlsx');
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
