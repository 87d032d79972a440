import { sendEmpty } from '../http/io';
import type { Route } from '../http/router';
import type { DataApiHandler } from './types';

/** GET /api/auth/check: reaching the handler already proves the token, so the answer is an empty 200. */
export const authCheckRoutes: Route<DataApiHandler>[] = [
  { method: 'GET', path: '/api/auth/check', handler: ({ res }) => sendEmpty(res, 200) },
];
