import { stockExports } from '@/lib/features/stock/routes';

export const dynamic = 'force-dynamic';

/** The stock's export as XLSX: every item of its view, from the company's mirror. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = stockExports.xlsx;
