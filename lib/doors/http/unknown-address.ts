import 'server-only';

import { errorResponse } from '@/lib/base/errors';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';

/** Any other address under /api answers in the one error shape, with the route handlers' security headers. */
const notFound = () => withRouteHeaders(errorResponse('not_found'));

/** Every method of an unknown address under /api, taken whole by app/api/[...unknown]/route.ts. */
export const unknownApiAddress = {
  GET: notFound,
  POST: notFound,
  PUT: notFound,
  PATCH: notFound,
  DELETE: notFound,
  OPTIONS: notFound,
};
