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
  experimental: {
    // unauthorized() and forbidden() answer 401 and 403 with our own pages.
    authInterrupts: true,
    // The proxy buffers a request's body up to this and silently cuts the rest (10 MB by default): a bank statement
    // (20 MB, in a multipart body of at most UPLOAD_BODY_LIMIT, lib/features/imports/statement-import.ts) must arrive
    // whole, and one byte more lets the upload see that a longer body was cut and refuse it as too large.
    proxyClientMaxBodySize: 20 * 1024 * 1024 + 64 * 1024 + 1,
  },
};

export default nextConfig;
