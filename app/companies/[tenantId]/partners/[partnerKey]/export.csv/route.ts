import { statementExports } from '@/lib/features/partners/routes';

export const dynamic = 'force-dynamic';

/** A partner's statement as CSV, from the company's mirror. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = statementExports.csv;
