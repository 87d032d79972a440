import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { findActiveSession, type Session } from '@/lib/owners/sessions/sessions';
import { signInWithLaunchCode } from '@/lib/owners/sessions/sign-in';
import { exchangeLaunch } from '@/lib/owners/sessions/token-exchange';
import { type Db, rowsOf } from '@/lib/platform/db/client';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';

/**
 * Sessions end after an idle time (SESSION_IDLE_MINUTES, 60 by default) on top of their absolute 12 hours, decided
 * by the session row on the database clock. Time is moved by moving the row's own timestamps back, as if that much
 * time had passed since they were written.
 */
const IDLE = 60 * 60;
const grant = { userId: 'jana.novakova@example.sk', tenantIds: ['10001'], pluginId: 'sandbox-addon' };

async function signIn(db: Db): Promise<Session> {
  const { launchCode } = await exchangeLaunch(
    db,
    {
      userId: grant.userId,
      tenantIds: grant.tenantIds,
      jti: randomUUID(),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
    grant.pluginId,
  );
  return (await signInWithLaunchCode(db, launchCode, null))!;
}

/** As if `minutes` had passed since the row was last written: every timestamp of the row moves back. */
async function letTimePass(db: Db, id: string, minutes: number): Promise<void> {
  await db.execute(sql`
    update sessions set created_at = created_at - make_interval(secs => ${minutes * 60}),
      expires_at = expires_at - make_interval(secs => ${minutes * 60}),
      last_seen_at = last_seen_at - make_interval(secs => ${minutes * 60})
    where id = ${id}`);
}

async function lastSeenAgoSeconds(db: Db, id: string): Promise<number> {
  const result = await db.execute(
    sql`select extract(epoch from now() - last_seen_at)::float8 as ago from sessions where id = ${id}`,
  );
  return rowsOf<{ ago: number }>(result)[0]!.ago;
}

describe.each(databaseKinds)('the idle timeout of a session on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  it('signs out a session left idle past the limit', async () => {
    const session = await signIn(database.db);
    await letTimePass(database.db, session.id, 61);
    expect(await findActiveSession(database.db, session.id, IDLE)).toBeNull();
  });

  it('keeps a session alive while it is used, though its first request is long past the limit', async () => {
    const session = await signIn(database.db);
    for (let step = 0; step < 4; step++) {
      await letTimePass(database.db, session.id, 50);
      expect(await findActiveSession(database.db, session.id, IDLE), `after ${(step + 1) * 50} minutes`).toMatchObject(
        grant,
      );
    }
    // 200 minutes since sign-in, 50 since the last request: now left alone for 61 more.
    await letTimePass(database.db, session.id, 61);
    expect(await findActiveSession(database.db, session.id, IDLE)).toBeNull();
  });

  it('writes the last request down only when it is a minute old or more, so most requests cost no write', async () => {
    const session = await signIn(database.db);
    await letTimePass(database.db, session.id, 0.5);
    await findActiveSession(database.db, session.id, IDLE);
    expect(await lastSeenAgoSeconds(database.db, session.id)).toBeGreaterThanOrEqual(30);
    await letTimePass(database.db, session.id, 1);
    await findActiveSession(database.db, session.id, IDLE);
    expect(await lastSeenAgoSeconds(database.db, session.id)).toBeLessThan(30);
  });

  it('still ends an active session at its absolute expiry, 12 hours after sign-in', async () => {
    const session = await signIn(database.db);
    for (let minutes = 50; minutes < 12 * 60; minutes += 50) {
      await letTimePass(database.db, session.id, 50);
      expect(await findActiveSession(database.db, session.id, IDLE), `after ${minutes} minutes`).not.toBeNull();
    }
    await letTimePass(database.db, session.id, 50);
    expect(await findActiveSession(database.db, session.id, IDLE)).toBeNull();
  });

  it('follows the configured limit, and gives nothing back to a session that has idled out', async () => {
    const session = await signIn(database.db);
    await letTimePass(database.db, session.id, 11);
    expect(await findActiveSession(database.db, session.id, 10 * 60)).toBeNull();
    expect(await lastSeenAgoSeconds(database.db, session.id)).toBeGreaterThan(10 * 60);
    expect(await findActiveSession(database.db, session.id, 15 * 60)).not.toBeNull();
  });
});
