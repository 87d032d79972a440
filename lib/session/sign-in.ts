import 'server-only';
import type { Db } from '@/lib/db/client';
import { consumeLaunchCode } from '@/lib/broker/launch-codes';
import { createSession, revokeSession, type Session } from '@/lib/session/sessions';

/**
 * Consumes a launch code and opens its session in one transaction: if the session cannot be written, the code
 * stays unused. A session the browser already had is revoked in the same step, so only the new one lives.
 */
export async function signInWithLaunchCode(
  db: Db,
  code: string,
  previousSessionId: string | null,
): Promise<Session | null> {
  return db.transaction(async (tx) => {
    const grant = await consumeLaunchCode(tx, code);
    if (!grant) return null;
    if (previousSessionId) await revokeSession(tx, previousSessionId);
    return createSession(tx, grant);
  });
}
