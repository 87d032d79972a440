import { sessionAddresses } from '@/lib/features/sessions/routes';

export const dynamic = 'force-dynamic';

/** Ends the session server-side; only from our own pages. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = sessionAddresses.logout;
