import { otherMethods } from '@/lib/platform/http/other-methods';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/platform/db/client';
import { errorResponse } from '@/lib/base/errors';
import { withRouteHeaders } from '@/lib/platform/http/route-headers';

export const dynamic = 'force-dynamic';

// Not logged: the load balancer calls it every few seconds.
export async function GET() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return withRouteHeaders(Response.json({ status: 'ok' }));
  } catch {
    return withRouteHeaders(errorResponse('unavailable'));
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET, HEAD');
