import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { LaunchJwtRejected } from '@/lib/owners/sessions/launch-jwt';
import { findActiveSession } from '@/lib/owners/sessions/sessions';
import { signInWithLaunchCode } from '@/lib/owners/sessions/sign-in';
import { exchangeLaunch } from '@/lib/owners/sessions/token-exchange';
import { sha256Hex } from '@/lib/platform/crypto/digest';
import type { Db } from '@/lib/platform/db/client';
import { rowsOf } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';

const grant = { userId: 'jana.novakova@example.sk', tenantIds: ['10001'], pluginId: 'sandbox-addon' };
const inAnHour = () => new Date(Date.now() + 3_600_000);
const claimsOf = (jti: string = randomUUID()) => ({
  userId: grant.userId,
  tenantIds: grant.tenantIds,
  jti,
  expiresAt: inAnHour(),
});

/** A launch code, issued the way token-exchange issues it. */
async function issueCode(db: Db) {
  return (await exchangeLaunch(db, claimsOf(), grant.pluginId)).launchCode;
}

// The same specification runs on the embedded database and, when one is configured, on a real PostgreSQL.
describe.each(databaseKinds)('launch state on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  it('redeems a launch code exactly once, for a session of its user, companies and plugin', async () => {
    const code = await issueCode(database.db);
    expect(await signInWithLaunchCode(database.db, code, null)).toMatchObject(grant);
    expect(await signInWithLaunchCode(database.db, code, null)).toBeNull();
  });

  it('stores the code by its SHA-256 only, expiring 30 s after it was issued', async () => {
    const code = await issueCode(database.db);
    const result = await database.db.execute(sql`
      select extract(epoch from expires_at - created_at)::int as lifetime from launch_codes where code_hash = ${sha256Hex(code)}`);
    expect(rowsOf<{ lifetime: number }>(result)).toEqual([{ lifetime: 30 }]);
  });

  it('revokes the previous session only when the code is good', async () => {
    const first = await signInWithLaunchCode(database.db, await issueCode(database.db), null);
    expect(await signInWithLaunchCode(database.db, 'B'.repeat(64), first!.id)).toBeNull();
    expect(await findActiveSession(database.db, first!.id)).not.toBeNull();
    const second = await signInWithLaunchCode(database.db, await issueCode(database.db), first!.id);
    expect(await findActiveSession(database.db, first!.id)).toBeNull();
    expect(await findActiveSession(database.db, second!.id)).toMatchObject(grant);
  });

  it('lets exactly one of 20 concurrent consumptions of one code win', async () => {
    const code = await issueCode(database.db);
    const results = await Promise.all(Array.from({ length: 20 }, () => signInWithLaunchCode(database.db, code, null)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a code past its expiry on the database clock', async () => {
    const code = await issueCode(database.db);
    await database.db.execute(sql`update launch_codes set expires_at = now() where consumed_at is null`);
    expect(await signInWithLaunchCode(database.db, code, null)).toBeNull();
  });

  it('accepts a JWT id once only', async () => {
    await exchangeLaunch(database.db, claimsOf('jti-once'), grant.pluginId);
    await expect(exchangeLaunch(database.db, claimsOf('jti-once'), grant.pluginId)).rejects.toMatchObject({
      reason: 'jwt_replayed',
    });
  });

  it('asks for tokens exactly when some company of the launch has no usable one', async () => {
    const scoped = (tenantIds: string[]) => ({ ...claimsOf(), userId: 'tokens@example.sk', tenantIds });
    expect((await exchangeLaunch(database.db, scoped([]), grant.pluginId)).requestAccessToken).toBe(false);
    expect((await exchangeLaunch(database.db, scoped(['1', '2']), grant.pluginId)).requestAccessToken).toBe(true);
    const identity = {
      userId: 'tokens@example.sk',
      tenantId: '1',
      pluginId: grant.pluginId,
      keyId: 'k',
      sealedToken: 'x',
    };
    await database.db
      .insert(accessTokens)
      .values([identity, { ...identity, tenantId: '2', invalidatedAt: new Date() }]);
    expect((await exchangeLaunch(database.db, scoped(['1']), grant.pluginId)).requestAccessToken).toBe(false);
    expect((await exchangeLaunch(database.db, scoped(['1', '2']), grant.pluginId)).requestAccessToken).toBe(true);
  });

  it('leaves the JWT id usable when minting its code fails, so the gateway may retry', async () => {
    const claims = { userId: grant.userId, tenantIds: ['10001'], jti: 'jti-retry', expiresAt: inAnHour() };
    // DDL takes no parameters; the value is a fixed test literal.
    await database.db.execute(
      sql.raw(`alter table launch_codes add constraint block_minting check (user_id <> '${grant.userId}') not valid`),
    );
    await expect(exchangeLaunch(database.db, claims, grant.pluginId)).rejects.toThrow();
    await database.db.execute(sql`alter table launch_codes drop constraint block_minting`);
    const result = await exchangeLaunch(database.db, claims, grant.pluginId);
    expect(result.launchCode).toHaveLength(64);
    await expect(exchangeLaunch(database.db, claims, grant.pluginId)).rejects.toBeInstanceOf(LaunchJwtRejected);
  });

  it('keeps a session only while it is neither revoked nor expired', async () => {
    const session = await signInWithLaunchCode(database.db, await issueCode(database.db), null);
    expect(await findActiveSession(database.db, session!.id)).not.toBeNull();
    await database.db.execute(sql`update sessions set expires_at = now() where id = ${session!.id}`);
    expect(await findActiveSession(database.db, session!.id)).toBeNull();
  });
});

// Two connection pools on one PostgreSQL stand in for two instances of the add-on.
describe.skipIf(!databaseKinds.includes('postgres'))('several instances on one PostgreSQL', () => {
  const database = testDatabaseDuringTests('postgres');

  it('lets exactly one of 20 concurrent consumptions through two pools win', async () => {
    const other = await database.openAnotherInstance();
    const code = await issueCode(database.db);
    const attempts = Array.from({ length: 20 }, (_, index) =>
      signInWithLaunchCode(index % 2 === 0 ? database.db : other.db, code, null),
    );
    const results = await Promise.all(attempts);
    expect(results.filter(Boolean)).toHaveLength(1);
    const count = await database.db.execute(sql`select count(*)::int as n from sessions`);
    expect(rowsOf<{ n: number }>(count)[0]!.n).toBe(1);
  });

  it('refuses a replayed JWT id across pools, also when both arrive at once', async () => {
    const other = await database.openAnotherInstance();
    const claims = { userId: grant.userId, tenantIds: ['10001'], jti: 'jti-across-pools', expiresAt: inAnHour() };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        exchangeLaunch(index % 2 === 0 ? database.db : other.db, claims, grant.pluginId),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(LaunchJwtRejected);
    }
  });

  it('applies the migrations once when several instances start together', async () => {
    const handles = await Promise.all([database.openAnotherInstance(), database.openAnotherInstance()]);
    await Promise.all(handles.map((handle) => handle.migrate()));
    const applied = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: unknown[];
    };
    expect(rowsOf<{ n: number }>(applied)[0]!.n).toBe(journal.entries.length);
  });
});
