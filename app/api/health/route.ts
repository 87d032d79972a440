import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { errorResponse } from '@/lib/http/errors';
import { getEnv } from '@/lib/env';
import { routeSecurityHeaders } from '@/lib/http/security-headers';

export const dynamic = 'force-dynamic';

// Not logged: the load balancer calls it every few seconds.
export async function GET() {
  const headers = routeSecurityHeaders(getEnv().frameAncestors);
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ok' }, { headers });
  } catch {
    return errorResponse('unavailable', headers);
  }
}
