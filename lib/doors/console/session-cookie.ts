/**
 * The console's cookies. Pure (no secrets): the auth options, requireOperator and tests share the names.
 * `__Host-` pins each to this origin and path `/` with `Secure` (browsers count http://localhost as secure, as for
 * the company cookie); `SameSite=Lax` lets the identity provider's redirect back carry the sign-in's state and PKCE
 * cookies; never `Partitioned`, because the console is never framed. A different name from the company session's
 * (`__Host-kros-addon-session`), and each side reads only its own: neither session opens the other's pages.
 */
export const CONSOLE_COOKIE_PREFIX = '__Host-kros-console-';
export const CONSOLE_SESSION_COOKIE = `${CONSOLE_COOKIE_PREFIX}session`;

/** An operator's sign-in lasts this long, counted from the sign-in (not sliding). */
export const CONSOLE_SESSION_SECONDS = 8 * 60 * 60;

/** Where next-auth answers: under the console, because `/api/auth/…` is the broker's (token delivery, exchange). */
export const CONSOLE_AUTH_PATH = '/console/auth';

/** next-auth's id of the organisation's identity provider: its callback is `/console/auth/callback/operator`. */
export const OPERATOR_PROVIDER_ID = 'operator';
