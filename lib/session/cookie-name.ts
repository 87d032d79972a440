/** Shared by proxy.ts (which only checks presence) and the sealing code in lib/session/cookie.ts. */
export const SESSION_COOKIE = '__Host-kros-addon-session';
