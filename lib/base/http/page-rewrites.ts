import { addressPattern } from './route-handlers';

/**
 * Page addresses some of whose requests a route handler answers. Next cannot have a page (page.tsx) and a route
 * handler (route.ts) in one folder, so the page's other method, or its JSON, is a route handler at an internal address
 * (one segment deeper), and proxy.ts rewrites the request there (`NextResponse.rewrite`): the browser and the contract
 * see one address. The internal address answers a direct request the same way (the handler's own checks: session,
 * company, same origin), so nothing is reachable there that is not reachable at the page's address.
 * Pure: proxy.ts imports it; tests/routes/page-rewrites.test.ts checks it.
 */
export type PageRewrite = {
  /** The page's address as app/ spells it (`[name]` is one segment). */
  page: string;
  method: 'GET' | 'POST';
  /** Only requests asking for JSON (`Accept: application/json`): a browser's navigation still gets the page. */
  json?: true;
  /** The route handler's address, with the page's segments (`[name]`) carried over by name. */
  handler: string;
};

export const pageRewrites: readonly PageRewrite[] = [
  {
    page: '/companies/[tenantId]/payments/import',
    method: 'POST',
    handler: '/companies/[tenantId]/payments/import/upload',
  },
  {
    page: '/companies/[tenantId]/payments/import/[importId]',
    method: 'GET',
    json: true,
    handler: '/companies/[tenantId]/payments/import/[importId]/view.json',
  },
  {
    page: '/companies/[tenantId]/invoices/import',
    method: 'POST',
    handler: '/companies/[tenantId]/invoices/import/upload',
  },
  {
    page: '/companies/[tenantId]/invoices/import/[importId]',
    method: 'GET',
    json: true,
    handler: '/companies/[tenantId]/invoices/import/[importId]/view.json',
  },
];

const compiled = pageRewrites.map((rewrite) => ({
  ...rewrite,
  pattern: addressPattern(rewrite.page),
  names: rewrite.page.split('/'),
}));

/**
 * The route handler's path a request to a page address is answered by, or null when the page answers it. `accept`
 * is the request's Accept header. A HEAD is a GET here.
 */
export function rewriteOf(method: string, pathname: string, accept: string | null): string | null {
  const asked = method === 'HEAD' ? 'GET' : method;
  const wantsJson = /\bapplication\/json\b/.test(accept ?? '');
  for (const rewrite of compiled) {
    if (rewrite.method !== asked || (rewrite.json && !wantsJson) || !rewrite.pattern.test(pathname)) continue;
    const values = new Map<string, string>();
    pathname.split('/').forEach((segment, at) => {
      const name = rewrite.names[at];
      if (name && /^\[[^\].]+\]$/.test(name)) values.set(name, segment);
    });
    return rewrite.handler
      .split('/')
      .map((segment) => values.get(segment) ?? segment)
      .join('/');
  }
  return null;
}
