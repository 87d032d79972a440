import 'server-only';

import { errorResponse } from '@/lib/base/errors';
import { databaseAnswers } from '@/lib/platform/db/health';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';

// Not logged: the load balancer calls it every few seconds.
async function health() {
  return withRouteHeaders((await databaseAnswers()) ? Response.json({ status: 'ok' }) : errorResponse('unavailable'));
}

/** The health address, taken whole by its route file (app/api/health/route.ts). */
export const healthAddress = { ...otherMethods('GET, HEAD'), GET: health };
