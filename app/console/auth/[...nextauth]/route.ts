import { consoleAuthAddress } from '@/lib/doors/console/auth-route';

/** next-auth's endpoints for the operators' console (sign-in, callback, CSRF token, sign-out). */
export const { GET, POST } = consoleAuthAddress;
