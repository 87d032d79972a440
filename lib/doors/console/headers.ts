import { routeSecurityHeaders } from '@/lib/base/http/security-headers';

/**
 * The console is never framed, whatever FRAME_ANCESTORS allows the company pages: its pages (proxy.ts) and its
 * route handlers' answers say `frame-ancestors 'none'`. Pure: proxy.ts imports it.
 */
export const CONSOLE_FRAME_ANCESTORS = "'none'";

/** Whether an address is the console's (its pages and its sign-in endpoints), which the company session never opens. */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/console' || pathname.startsWith('/console/');
}

/** The route handlers' headers (no scripts, no-store), not framable. A copy: the helper keeps one cached value. */
export const consoleRouteHeaders: Readonly<Record<string, string>> = {
  ...routeSecurityHeaders(CONSOLE_FRAME_ANCESTORS),
};
