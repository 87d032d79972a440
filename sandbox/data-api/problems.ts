import type { ServerResponse } from 'node:http';

import type { ValidationErrors } from './query';

/**
 * Error bodies in ASP.NET's problem-details shape, which the .NET service answers with:
 * `{ type, title, status, errors? }` as application/problem+json. Clients should read them as JSON either way.
 */
const TYPES: Readonly<Record<number, string>> = {
  400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  402: 'https://tools.ietf.org/html/rfc9110#section-15.5.3',
  403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
  409: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
  429: 'https://tools.ietf.org/html/rfc6585#section-4',
};

export function sendProblem(
  res: ServerResponse,
  status: number,
  title: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify({ type: TYPES[status] ?? 'about:blank', title, status, ...extra });
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/problem+json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendValidationProblem(
  res: ServerResponse,
  errors: ValidationErrors,
  headers: Record<string, string> = {},
): void {
  sendProblem(res, 400, 'One or more validation errors occurred.', { errors }, headers);
}

export function sendNotFound(res: ServerResponse, detail: string): void {
  sendProblem(res, 404, 'Not Found', { detail });
}
