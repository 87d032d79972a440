/**
 * Every route handler of app/ (each `route.ts`), by its address as the folders spell it: `[name]` is one segment,
 * `[...name]` the rest of the path. Route handlers answer for themselves: they check the session where they need one
 * and set their own headers (a file's CSP is `sandbox`, its caching `private, no-store`; JSON and redirects get the
 * route handlers' policy), which the proxy's page headers would otherwise replace. So the proxy lets every address
 * of this table through untouched, and tests/routes/route-handlers.test.ts checks the table against the folders: a
 * new route.ts that is not listed fails there rather than silently answering with a page's headers.
 * Pure: proxy.ts imports it.
 */
export const routeHandlers = [
  '/api/[...unknown]',
  '/api/auth/token-delivery',
  '/api/auth/token-exchange',
  '/api/health',
  '/api/metrics',
  '/api/webhooks/[webhookId]',
  '/auth/callback',
  '/auth/logout',
  '/companies/[tenantId]/connection/consent',
  '/companies/[tenantId]/connection/consent/[consentId]/open',
  '/companies/[tenantId]/connection/token',
  '/companies/[tenantId]/delivery-notes/[id]/reports/[reportId]',
  '/companies/[tenantId]/delivery-notes/export.csv',
  '/companies/[tenantId]/delivery-notes/export.xlsx',
  '/companies/[tenantId]/delivery-notes/[id]/reports/[reportId]/preview',
  '/companies/[tenantId]/expenses/[id]/attachments/[attachmentId]',
  '/companies/[tenantId]/expenses/export.csv',
  '/companies/[tenantId]/expenses/export.xlsx',
  '/companies/[tenantId]/invoices/[id]/reports/[reportId]',
  '/companies/[tenantId]/invoices/[id]/reports/[reportId]/preview',
  '/companies/[tenantId]/invoices/export.csv',
  '/companies/[tenantId]/invoices/export.xlsx',
  '/companies/[tenantId]/invoices/import/[importId]/failed.csv',
  '/companies/[tenantId]/invoices/import/[importId]/send',
  '/companies/[tenantId]/invoices/import/[importId]/view.json',
  '/companies/[tenantId]/invoices/import/template.csv',
  '/companies/[tenantId]/invoices/import/template.xlsx',
  '/companies/[tenantId]/invoices/import/upload',
  '/companies/[tenantId]/imports/[importId]/discard',
  '/companies/[tenantId]/payments/export.csv',
  '/companies/[tenantId]/payments/export.xlsx',
  '/companies/[tenantId]/payments/import/[importId]/lines',
  '/companies/[tenantId]/payments/import/[importId]/send',
  '/companies/[tenantId]/payments/import/[importId]/view.json',
  '/companies/[tenantId]/payments/import/upload',
  '/companies/[tenantId]/stock/export.csv',
  '/companies/[tenantId]/stock/export.xlsx',
  '/companies/[tenantId]/stock/minimums',
  '/companies/[tenantId]/partners/export.csv',
  '/companies/[tenantId]/partners/export.xlsx',
  '/companies/[tenantId]/partners/[partnerKey]/export.csv',
  '/companies/[tenantId]/partners/[partnerKey]/export.xlsx',
  '/companies/[tenantId]/sync',
  '/consent/return',
  '/console/auth/[...nextauth]',
] as const;

/** The pattern an address of app/ stands for: a dynamic segment is any one segment, a catch-all any rest. */
export function addressPattern(address: string): RegExp {
  const source = address
    .split('/')
    .map((segment) => {
      if (/^\[\.\.\.[^\]]+\]$/.test(segment)) return '.+';
      if (/^\[[^\]]+\]$/.test(segment)) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

const patterns = routeHandlers.map(addressPattern);

/** Whether a request's path is answered by a route handler (a path with a trailing slash is not: it is redirected). */
export function isRouteHandlerPath(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
