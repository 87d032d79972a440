import { consentReturnAddress } from '@/lib/features/connections/routes/consent-return';

export const dynamic = 'force-dynamic';

/** The service's consent page posts its answer here (form_post), or the browser comes back here. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = consentReturnAddress;
