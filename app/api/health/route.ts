import { healthAddress } from '@/lib/features/health/routes';

export const dynamic = 'force-dynamic';

/** Whether this instance answers and reaches its database, for the load balancer. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = healthAddress;
