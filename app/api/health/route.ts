import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { errorResponse } from '@/lib/http/errors';

export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  } catch {
    return errorResponse('unavailable');
  }
}
