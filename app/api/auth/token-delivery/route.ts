import { brokerAddresses } from '@/lib/features/broker/routes';

export const dynamic = 'force-dynamic';

/** The gateway delivers the companies' tokens of a user. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = brokerAddresses.tokenDelivery;
