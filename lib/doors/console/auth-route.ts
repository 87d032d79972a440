import 'server-only';

import type { NextRequest } from 'next/server';
import NextAuth from 'next-auth';

import { HttpError } from '@/lib/base/errors';
import { consoleAuthOptions } from '@/lib/doors/console/auth';
import { consoleRouteHeaders } from '@/lib/doors/console/headers';
import { handleRequest } from '@/lib/doors/http/handle';

/**
 * next-auth's endpoints for the operators' console: sign-in, the identity provider's callback, CSRF token, sign-out.
 * Under /console/auth, never /api/auth (the broker's). Not configured → 404, as every console address. Its answers
 * (JSON and redirects) are never framed: frame-ancestors 'none'.
 */
type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context): Promise<Response> {
  const response = await handleRequest({ endpoint: 'console.auth', request }, async (log) => {
    const options = consoleAuthOptions();
    if (!options) throw new HttpError('not_found', 'console_not_configured');
    log.action = (await context.params).nextauth[0];
    return (await NextAuth(request, context, options)) as Response;
  });
  for (const [name, value] of Object.entries(consoleRouteHeaders)) response.headers.set(name, value);
  return response;
}

/** The console's sign-in address, taken whole by app/console/auth/[...nextauth]/route.ts. */
export const consoleAuthAddress = { GET: handler, POST: handler };
