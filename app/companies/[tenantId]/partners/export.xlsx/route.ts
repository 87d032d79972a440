import { partnersExports } from '@/lib/features/partners/routes';

export const dynamic = 'force-dynamic';

/** The partners list as XLSX: every partner of its view, from the company's mirror. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = partnersExports.xlsx;
