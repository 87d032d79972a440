/**
 * The upload forms (contract.md, "Uploads"): their page's GET is a page, their POST a route handler one segment deeper
 * (a page and a route handler cannot share a folder: lib/base/http/page-rewrites.ts). A request that carries a body
 * there is rewritten here, never by proxy.ts: Next holds back the whole body of every request the proxy sees (up to
 * `proxyClientMaxBodySize`, cutting the rest) and passes a rewrite on only once it has all arrived, so a statement
 * larger than that, or slower than Next's 30 s for a proxied rewrite, answered 500 and a slow one still made its
 * import. Here the handler reads the body itself as it arrives (counted, timed: lib/base/http/body.ts `readUpload`)
 * and refuses it with the form's own page. proxy.ts's matcher leaves these requests out (the same two addresses, any
 * request with a body); tests/routes/page-rewrites.test.ts holds the two lists together.
 */
export const uploadForms = [
  { page: '/companies/:tenantId/payments/import', handler: '/companies/:tenantId/payments/import/upload' },
  { page: '/companies/:tenantId/invoices/import', handler: '/companies/:tenantId/invoices/import/upload' },
];

/** A request carries a body when it declares one, by its length or as chunks. */
const bodyHeaders = ['content-length', 'transfer-encoding'];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // The deployable artefact: `.next/standalone/` with server.js and only the node_modules the server needs
  // (scripts/assemble-artefact.ts adds the static files and the migrations; docs/operations.md, "Running in
  // production"). tests/deploy/artefact.test.ts starts a copy of it: whatever the tracer missed would show there.
  output: 'standalone',
  // Read at run time by path, so the tracer cannot see them: PGlite's WebAssembly and its data file.
  outputFileTracingIncludes: { '/*': ['./node_modules/@electric-sql/pglite/dist/*.{wasm,data}'] },
  poweredByHeader: false,
  // The host's HTTPS reverse proxy compresses; gzipping tiny JSON answers here cost ~20% of the server's CPU per
  // launch in the benchmark.
  compress: false,
  // Loaded from node_modules at run time: PGlite ships WebAssembly, pg (and pg-boss over it) has optional native parts, and
  // rate-limiter-flexible imports drizzle-orm by a computed name, which only resolves outside the bundle; echarts
  // (with zrender) draws the overview's charts and exceljs writes the lists' XLSX exports, on the server only: neither
  // need be bundled at all.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    'pg-boss',
    'pino',
    'drizzle-orm',
    'rate-limiter-flexible',
    'echarts',
    'zrender',
    'exceljs',
    // One registry per process, and its default collectors (perf_hooks, v8) as Node loads them.
    'prom-client',
  ],
  logging: {
    // The development server logs request URLs: the launch's callback carries a single-use launch code, the console's
    // sign-in callback the identity provider's authorization code (with its state); any other address with a `code`
    // parameter is left out as well, whatever it names.
    incomingRequests: { ignore: [/^\/auth\/callback/, /^\/console\/auth\/callback\//, /[?&]code=/] },
  },
  // proxy.ts trims a trailing slash itself: Next's own redirect for it would carry none of the security headers.
  skipTrailingSlashRedirect: true,
  // Headers of the answers nothing of ours makes: Next's static files, its image optimizer, the icon, a missing
  // favicon, and the answers Next gives by itself. Pages (proxy.ts) and route handlers (lib/doors/http/handle.ts) set
  // their own, with FRAME_ANCESTORS; that is read at run time, and these are fixed at build, so the policy here
  // lets nothing frame what it covers (a script, a stylesheet or an icon is never a framed document).
  async headers() {
    const staticPolicy =
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    const fixed = [{ key: 'Content-Security-Policy', value: staticPolicy }];
    return [
      // The same value every answer of ours carries anyway; a header already set here is not set twice.
      { source: '/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
      { source: '/_next/:path*', headers: fixed },
      { source: '/icon.svg', headers: fixed },
      { source: '/favicon.ico', headers: fixed },
    ];
  },
  async rewrites() {
    return {
      // Before Next looks for a page, so the POST reaches the handler, not the page of the same address.
      beforeFiles: uploadForms.flatMap(({ page, handler }) =>
        bodyHeaders.map((key) => ({ source: page, destination: handler, has: [{ type: 'header', key }] })),
      ),
    };
  },
  experimental: {
    // unauthorized() and forbidden() answer 401 and 403 with our own pages.
    authInterrupts: true,
    // The proxy holds back a request's body up to this and silently cuts the rest (10 MB by default). Uploads never
    // pass it (uploadForms above); the forms that do read at most 1 MB (the import's send form, the pasted token, the
    // refresh), and one byte more lets such a form see that a longer body was cut and refuse it.
    proxyClientMaxBodySize: 1024 * 1024 + 1,
  },
};

export default nextConfig;
