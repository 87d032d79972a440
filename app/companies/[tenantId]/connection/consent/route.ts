import { consentAddresses } from '@/lib/features/connections/routes/consent';

export const dynamic = 'force-dynamic';

/** POST of the company page's "Connect" button: starts an Integration Consent. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = consentAddresses.start;
