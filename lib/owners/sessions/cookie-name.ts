/** Shared by proxy.ts (which only checks presence) and the sealing code in lib/owners/sessions/cookie.ts. */
export const SESSION_COOKIE = '__Host-kros-addon-session';
