import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccessTokenStore } from '../access-tokens';
import { sendJson } from '../http/io';
import { matchRoute, type Route } from '../http/router';
import { authCheckRoutes } from './auth-check';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import type { DataApiHandler } from './types';

// New endpoints (invoices, expenses, attachments…) go in their own files and are listed here.
const routes: readonly Route<DataApiHandler>[] = [...authCheckRoutes];

export interface DataApi {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

export function createDataApi(tokens: AccessTokenStore, limiter: RateLimiter = createRateLimiter()): DataApi {
  return {
    async handle(req, res, url) {
      const match = matchRoute(routes, req.method ?? 'GET', url.pathname);
      if (match.kind === 'not-found') return sendJson(res, 404, { message: 'Not Found' });
      if (match.kind === 'method-not-allowed') {
        return sendJson(res, 405, { message: 'Method Not Allowed' }, { Allow: match.allow.join(', ') });
      }

      const raw = bearerToken(req);
      const token = raw === undefined ? undefined : tokens.lookup(raw);
      if (!token || token.revoked) {
        return sendJson(res, 401, { message: 'Unauthorized' }, { 'WWW-Authenticate': 'Bearer' });
      }

      // The limit counts per token, like the real service's per-connection limit.
      const decision = limiter.take(raw ?? '');
      if (!decision.allowed) return sendJson(res, 429, { message: 'Too Many Requests' }, decision.headers);
      for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
      await match.handler({ req, res, url, params: match.params, token });
    },
  };
}
