import { metricsAddress } from '@/lib/features/metrics/routes';

export const dynamic = 'force-dynamic';

/** This instance's metrics in the Prometheus text format, for the operators' Prometheus only. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = metricsAddress;
