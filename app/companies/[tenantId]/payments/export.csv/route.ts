import { headNotAllowed } from '@/lib/doors/company/file-routes';
import { paymentsExport } from '@/lib/doors/company/payment-exports';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** The payments' export as CSV: every payment of the list's view, from the company's copy (lib/doors/company/payment-exports.ts). */
export const GET = paymentsExport('csv');
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
