import { minimumsAddress } from '@/lib/features/stock/routes';

export const dynamic = 'force-dynamic';

/** POST of the stock page's minimum form; 303 back to the stock page. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = minimumsAddress;
