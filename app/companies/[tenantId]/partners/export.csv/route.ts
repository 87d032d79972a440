import { partnersExports } from '@/lib/features/partners/routes';

export const dynamic = 'force-dynamic';

/** The partners list as CSV: every partner of its view, from the company's mirror. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = partnersExports.csv;
