import { webhookAddress } from '@/lib/features/webhooks/routes';

export const dynamic = 'force-dynamic';

/** The service's notifications for the connections behind one receiver address. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = webhookAddress;
