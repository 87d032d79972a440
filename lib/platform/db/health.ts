import 'server-only';

import { sql } from 'drizzle-orm';

import { getDb } from '@/lib/platform/db/client';

/** Whether our database answers a statement now (the health check's question); never throws. */
export async function databaseAnswers(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
