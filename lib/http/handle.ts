import 'server-only';
import { KeySetUnavailable } from '@/lib/broker/key-set';
import { HttpError, errorResponse, type ErrorCode } from '@/lib/http/errors';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { describeError, getLogger } from '@/lib/log';
import { getEnv } from '@/lib/env';
import { routeSecurityHeaders } from '@/lib/http/security-headers';

/** Fields of the one log line a request writes. Only outcomes, counts and fingerprints: never a secret. */
export type RequestLog = { reason?: string } & Record<string, string | number | boolean | string[] | undefined>;

type ErrorRenderer = (code: ErrorCode, headers: Record<string, string>) => Response;

function classify(error: unknown): { code: ErrorCode; reason: string; headers: Record<string, string> } {
  if (error instanceof HttpError) return { code: error.code, reason: error.reason, headers: error.headers };
  if (error instanceof KeySetUnavailable) return { code: 'unavailable', reason: 'key_set_unavailable', headers: {} };
  if (isDatabaseUnavailable(error)) return { code: 'unavailable', reason: 'database_unavailable', headers: {} };
  return { code: 'internal', reason: 'unexpected_error', headers: {} };
}

/** Adds the route handlers' security headers to an answer, keeping any the handler set itself. */
export function withRouteHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(routeSecurityHeaders(getEnv().frameAncestors))) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/**
 * Runs one request of the auth endpoints (their security headers, `no-store` among them, are set here): maps every thrown error to the one error shape (or the renderer's
 * page), adds the security headers, and writes exactly one log line with the outcome and a reason code.
 */
export async function handleRequest(
  endpoint: string,
  run: (log: RequestLog) => Promise<Response>,
  renderError: ErrorRenderer = errorResponse,
): Promise<Response> {
  const started = performance.now();
  const log: RequestLog = {};
  let response: Response;
  try {
    response = await run(log);
  } catch (error) {
    const { code, reason, headers } = classify(error);
    log.reason = reason;
    if (code === 'internal') {
      getLogger().error({ endpoint, err: describeError(error) }, 'unexpected error');
    }
    response = renderError(code, headers);
  }
  withRouteHeaders(response);
  getLogger().info(
    {
      endpoint,
      status: response.status,
      reason: log.reason ?? 'ok',
      ...log,
      ms: Math.round(performance.now() - started),
    },
    'auth request',
  );
  return response;
}
