import { otherMethods } from '@/lib/http/other-methods';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { errorResponse } from '@/lib/http/errors';
import { withRouteHeaders } from '@/lib/http/handle';

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
