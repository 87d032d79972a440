import { tokenAddress } from '@/lib/features/connections/routes/token';

export const dynamic = 'force-dynamic';

/** POST of the company page's "paste a token" form. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = tokenAddress;
