import { brokerAddresses } from '@/lib/features/broker/routes';

export const dynamic = 'force-dynamic';

/** The gateway exchanges a launch JWT for a launch code (the broker's side). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = brokerAddresses.tokenExchange;
