import { statementExports } from '@/lib/features/partners/routes';

export const dynamic = 'force-dynamic';

/** A partner's statement as XLSX, from the company's mirror. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = statementExports.xlsx;
