import { paymentsExports } from '@/lib/features/money/routes';

export const dynamic = 'force-dynamic';

/** The payments' export as CSV: every payment of the list's view, from the company's copy. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = paymentsExports.csv;
