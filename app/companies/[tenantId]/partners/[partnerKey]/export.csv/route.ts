import { headNotAllowed } from '@/lib/doors/company/file-routes';
import { statementExport } from '@/lib/doors/company/partner-exports';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** A partner's statement as CSV, from the company's mirror (lib/doors/company/partner-exports.ts). */
export const GET = statementExport('csv');
export const HEAD = headNotAllowed;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
