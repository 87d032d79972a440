/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The host's HTTPS reverse proxy compresses; gzipping tiny JSON answers here cost ~20% of the server's CPU per
  // launch in the benchmark.
  compress: false,
  // Loaded from node_modules at run time: PGlite ships WebAssembly, pg has optional native parts, and
  // rate-limiter-flexible imports drizzle-orm by a computed name, which only resolves outside the bundle.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', 'drizzle-orm', 'rate-limiter-flexible'],
  logging: {
    // The development server logs request URLs; the callback's carries a single-use launch code.
    incomingRequests: { ignore: [/^\/auth\/callback/] },
  },
  experimental: {
    // unauthorized() and forbidden() answer 401 and 403 with our own pages.
    authInterrupts: true,
  },
};

export default nextConfig;
