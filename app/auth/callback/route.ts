import { sessionAddresses } from '@/lib/features/sessions/routes';

export const dynamic = 'force-dynamic';

/** The gateway sends the browser here with a launch code: the session starts. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = sessionAddresses.callback;
