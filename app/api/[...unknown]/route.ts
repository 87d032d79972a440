import { errorResponse } from '@/lib/base/errors';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';

/** Any other address under /api answers in the one error shape, with the route handlers' security headers. */
const notFound = () => withRouteHeaders(errorResponse('not_found'));

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
