import { errorResponse } from '@/lib/base/errors';
import { databaseAnswers } from '@/lib/platform/db/health';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';

export const dynamic = 'force-dynamic';

// Not logged: the load balancer calls it every few seconds.
export async function GET() {
  return withRouteHeaders((await databaseAnswers()) ? Response.json({ status: 'ok' }) : errorResponse('unavailable'));
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET, HEAD');
