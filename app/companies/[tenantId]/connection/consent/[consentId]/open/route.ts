import { consentAddresses } from '@/lib/features/connections/routes/consent';

export const dynamic = 'force-dynamic';

/** POST of the progress page's "open the consent page" button: 303 to the service's consent page. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = consentAddresses.open;
