import { headNotAllowed } from '@/lib/doors/company/file-routes';
import { invoiceTemplate } from '@/lib/doors/company/invoice-import';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** The invoice import's template as CSV (contract.md, "Uploads"): one row per invoice item, the service's field names. */
export const GET = invoiceTemplate('csv');
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
