import { headNotAllowed } from '@/lib/doors/company/file-routes';
import { stockExport } from '@/lib/doors/company/stock-export';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** The stock's export as XLSX: every item of its view, from the company's mirror (lib/doors/company/stock-export.ts). */
export const GET = stockExport('xlsx');
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
