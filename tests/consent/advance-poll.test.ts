import { randomUUID } from 'node:crypto';

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { POLL_LEASE_SECONDS, type PollDeps } from '@/lib/owners/consent/poll';
import { PENDING_INTERVAL_MS } from '@/lib/owners/consent/poll-step';
import { advanceConsent } from '@/lib/owners/consent/progress';
import { findConsentResult } from '@/lib/owners/consent/result';
import { type ConsentConfig, startConsent } from '@/lib/owners/consent/start';
import type { Session } from '@/lib/owners/sessions/sessions';
import { openSecret, openToken, type VaultKey, webhookSecretContext } from '@/lib/platform/crypto/vault';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { accessTokens, consentRequests, sessions } from '@/lib/platform/db/schema';
import type { PollAnswer } from '@/lib/service/subscription-poll';

import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { rememberSecret } from '../support/log-capture';

/**
 * advanceConsent on a real database (PGlite; also PostgreSQL when one is configured): one claim per poll, the
 * steps applied to the row, tokens stored encrypted, and only the user's own attempts advanced.
 */

const PLUGIN = 'sandbox-addon';
const keys: VaultKey[] = [{ id: 'k1', key: Buffer.alloc(32, 7) }];
const config: ConsentConfig = {
  url: 'https://firma.example/integration-consent',
  responseMode: 'poll',
  appName: 'Doklady',
  integratorName: 'Integrátor s.r.o.',
  appUrl: 'http://localhost:3000',
  keys,
};

async function newSession(
  db: Db,
  tenantIds: string[] = ['10001', '10002'],
  userId = 'jana.novakova@example.sk',
): Promise<Session> {
  const [row] = await db
    .insert(sessions)
    .values({ id: randomUUID(), userId, tenantIds, pluginId: PLUGIN, expiresAt: sql`now() + interval '1 hour'` })
    .returning();
  return row!;
}

/** A poll-mode attempt started from company 10001, and the state the service would know it by. */
async function newAttempt(db: Db, session: Session) {
  const started = (await startConsent(db, session, '10001', config))!;
  const state = rememberSecret(new URL(started.url).searchParams.get('state')!);
  return { id: started.id, state };
}

const scopeOf = (session: Session) => ({ userId: session.userId, pluginId: session.pluginId, tenantId: '10001' });

function fakePoll(answer: PollAnswer | ((state: string) => Promise<PollAnswer>)) {
  const poll = vi.fn(typeof answer === 'function' ? answer : async () => answer);
  // What follows the companies a consent stored (their copy begun): called with them once the approval is stored.
  const stored = vi.fn<PollDeps['stored']>(async () => {});
  const deps: PollDeps = { poll, keys, stored };
  return { poll, deps, stored };
}

async function rowOf(db: Db, id: string) {
  const [row] = await db
    .select({
      status: consentRequests.status,
      pollCount: consentRequests.pollCount,
      completedAt: consentRequests.completedAt,
      untilNextMs: sql<number>`(extract(epoch from ${consentRequests.nextPollAt} - now()) * 1000)::float8`,
    })
    .from(consentRequests)
    .where(eq(consentRequests.id, id));
  return row!;
}

/** Makes the next poll due now, as if its time had come. */
const makeDue = (db: Db, id: string) =>
  db
    .update(consentRequests)
    .set({ nextPollAt: sql`now() - interval '1 millisecond'` })
    .where(eq(consentRequests.id, id));

describe.each(databaseKinds)('advanceConsent on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(() => database?.dispose());

  it('Pending: polls with the state, stays pending, and does not poll again before the interval', async () => {
    const session = await newSession(db);
    const attempt = await newAttempt(db, session);
    const { poll, deps } = fakePoll({ kind: 'status', status: 'Pending', companies: [] });

    const view = await advanceConsent(db, attempt.id, scopeOf(session), deps);
    expect(view).toMatchObject({ status: 'pending', finished: false });
    expect(poll).toHaveBeenCalledTimes(1);
    expect(poll).toHaveBeenCalledWith(attempt.state);
    const row = await rowOf(db, attempt.id);
    expect(row.pollCount).toBe(1);
    expect(row.untilNextMs).toBeGreaterThan(PENDING_INTERVAL_MS - 1_000);
    expect(row.untilNextMs).toBeLessThanOrEqual(PENDING_INTERVAL_MS);

    await advanceConsent(db, attempt.id, scopeOf(session), deps);
    expect(poll).toHaveBeenCalledTimes(1);
    await makeDue(db, attempt.id);
    await advanceConsent(db, attempt.id, scopeOf(session), deps);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('claims once: of two advances at the same time, one polls and the other only reads', async () => {
    const session = await newSession(db);
    const attempt = await newAttempt(db, session);
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { poll, deps } = fakePoll(async () => {
      await answered;
      return { kind: 'status', status: 'Pending', companies: [] };
    });
    const other = kind === 'postgres' ? (await database.openAnotherInstance()).db : db;

    const first = advanceConsent(db, attempt.id, scopeOf(session), deps);
    const second = advanceConsent(other, attempt.id, scopeOf(session), deps);
    await vi.waitFor(() => expect(poll).toHaveBeenCalledTimes(1));
    // Either may win the claim. The other finishes while the winner still waits for its answer: it found the claim
    // taken, and only read.
    expect(await Promise.race([first, second])).toMatchObject({ status: 'pending' });
    release();
    expect(await Promise.all([first, second])).toMatchObject([{ status: 'pending' }, { status: 'pending' }]);
    expect(poll).toHaveBeenCalledTimes(1);
    expect((await rowOf(db, attempt.id)).pollCount).toBe(1);
  });

  it('a poll that never ends holds the attempt for the lease only', async () => {
    const session = await newSession(db);
    const attempt = await newAttempt(db, session);
    const stuck = fakePoll(() => new Promise<PollAnswer>(() => {}));
    void advanceConsent(db, attempt.id, scopeOf(session), stuck.deps);
    await vi.waitFor(() => expect(stuck.poll).toHaveBeenCalledTimes(1));
    const row = await rowOf(db, attempt.id);
    expect(row.untilNextMs).toBeGreaterThan((POLL_LEASE_SECONDS - 5) * 1_000);

    const next = fakePoll({ kind: 'status', status: 'Pending', companies: [] });
    await advanceConsent(db, attempt.id, scopeOf(session), next.deps);
    expect(next.poll).not.toHaveBeenCalled();
    await makeDue(db, attempt.id); // the lease has run out
    await advanceConsent(db, attempt.id, scopeOf(session), next.deps);
    expect(next.poll).toHaveBeenCalledTimes(1);
  });

  it('Approved: stores the session’s companies encrypted, leaves the others out, marks connected, polls no more', async () => {
    const session = await newSession(db, ['10001', '10002'], `user-${randomUUID()}`);
    const attempt = await newAttempt(db, session);
    const companies = [
      {
        tenantId: '10001',
        companyName: 'Prvá firma',
        token: rememberSecret(`token-${randomUUID()}`),
        webhookSecret: rememberSecret(`secret-${randomUUID()}`),
      },
      { tenantId: '10002', companyName: null, token: rememberSecret(`token-${randomUUID()}`), webhookSecret: null },
      {
        tenantId: '99999',
        companyName: 'Cudzia firma',
        token: rememberSecret(`token-${randomUUID()}`),
        webhookSecret: null,
      },
    ];
    const { poll, deps, stored: connected } = fakePoll({ kind: 'status', status: 'Approved', companies });

    const view = await advanceConsent(db, attempt.id, scopeOf(session), deps);
    expect(view).toMatchObject({ status: 'connected', finished: true });
    expect(connected).toHaveBeenCalledTimes(1);
    expect(connected.mock.calls[0]![1]).toEqual(['10001', '10002']);
    // What the company page's notice then reads.
    expect(await findConsentResult(db, attempt.id, session)).toEqual({
      status: 'connected',
      startedFor: '10001',
      outcome: {
        stored: [
          { tenantId: '10001', name: 'Prvá firma' },
          { tenantId: '10002', name: null },
        ],
        leftOut: [{ tenantId: '99999', name: 'Cudzia firma' }],
        replaced: [],
      },
    });
    const row = await rowOf(db, attempt.id);
    expect(row.status).toBe('connected');
    expect(row.completedAt).not.toBeNull();

    const stored = await db
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, session.userId), eq(accessTokens.pluginId, PLUGIN)));
    expect(stored.map((token) => token.tenantId).sort()).toEqual(['10001', '10002']);
    for (const token of stored) {
      const identity = { userId: session.userId, tenantId: token.tenantId, pluginId: PLUGIN };
      const company = companies.find((candidate) => candidate.tenantId === token.tenantId)!;
      expect(token.sealedToken).not.toContain(company.token);
      expect(openToken(token, identity, keys)).toBe(company.token);
      expect(token.source).toBe('consent');
      if (company.webhookSecret) {
        expect(
          openSecret({ keyId: token.keyId, sealed: token.sealedWebhookSecret! }, webhookSecretContext(identity), keys),
        ).toBe(company.webhookSecret);
      } else {
        expect(token.sealedWebhookSecret).toBeNull();
      }
    }

    await makeDue(db, attempt.id);
    expect(await advanceConsent(db, attempt.id, scopeOf(session), deps)).toMatchObject({ status: 'connected' });
    expect(poll).toHaveBeenCalledTimes(1);
    expect(connected).toHaveBeenCalledTimes(1);
  });

  it('Approved after the session that started it ended: nothing is stored, the attempt expired', async () => {
    const session = await newSession(db, ['10001'], `user-${randomUUID()}`);
    const attempt = await newAttempt(db, session);
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, session.id));
    const token = rememberSecret(`token-${randomUUID()}`);
    const { deps, stored: connected } = fakePoll({
      kind: 'status',
      status: 'Approved',
      companies: [{ tenantId: '10001', companyName: null, token, webhookSecret: null }],
    });
    expect(await advanceConsent(db, attempt.id, scopeOf(session), deps)).toMatchObject({
      status: 'expired',
      finished: true,
    });
    expect(connected).not.toHaveBeenCalled();
    expect(await db.select().from(accessTokens).where(eq(accessTokens.userId, session.userId))).toEqual([]);
  });

  it.each([
    ['Expired', 'expired'],
    ['Denied', 'denied'],
  ] as const)('%s ends the attempt as %s', async (status, expected) => {
    const session = await newSession(db);
    const attempt = await newAttempt(db, session);
    const { poll, deps } = fakePoll({ kind: 'status', status, companies: [] });
    expect(await advanceConsent(db, attempt.id, scopeOf(session), deps)).toMatchObject({
      status: expected,
      finished: true,
    });
    expect((await rowOf(db, attempt.id)).completedAt).not.toBeNull();
    await makeDue(db, attempt.id);
    await advanceConsent(db, attempt.id, scopeOf(session), deps);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('400 fails the attempt; 429 waits for its retry-after; no answer waits the longer interval', async () => {
    const session = await newSession(db);
    const refused = await newAttempt(db, session);
    expect(await advanceConsent(db, refused.id, scopeOf(session), fakePoll({ kind: 'refused' }).deps)).toMatchObject({
      status: 'failed',
    });

    const limited = await newAttempt(db, session);
    await advanceConsent(
      db,
      limited.id,
      scopeOf(session),
      fakePoll({ kind: 'rate-limited', retryAfterMs: 20_000 }).deps,
    );
    const untilNext = (await rowOf(db, limited.id)).untilNextMs;
    expect(untilNext).toBeGreaterThan(19_000);
    expect(untilNext).toBeLessThanOrEqual(20_000);

    const lost = await newAttempt(db, session);
    const throwing = fakePoll(() => Promise.reject(new Error('boom')));
    expect(await advanceConsent(db, lost.id, scopeOf(session), throwing.deps)).toMatchObject({ status: 'pending' });
    expect((await rowOf(db, lost.id)).untilNextMs).toBeGreaterThan(4_000);
  });

  it('our 15-minute limit: past it, the attempt fails without another poll', async () => {
    const session = await newSession(db);
    const attempt = await newAttempt(db, session);
    await db
      .update(consentRequests)
      .set({ createdAt: sql`now() - interval '16 minutes'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(consentRequests.id, attempt.id));
    const { poll, deps } = fakePoll({ kind: 'status', status: 'Pending', companies: [] });
    expect(await advanceConsent(db, attempt.id, scopeOf(session), deps)).toMatchObject({
      status: 'failed',
      finished: true,
    });
    expect(poll).not.toHaveBeenCalled();
  });

  it('a Pending answer near the limit fails rather than schedule a poll beyond it', async () => {
    const session = await newSession(db);
    const attempt = await newAttempt(db, session);
    await db
      .update(consentRequests)
      .set({ createdAt: sql`now() - interval '899 seconds'`, expiresAt: sql`now() + interval '1 second'` })
      .where(eq(consentRequests.id, attempt.id));
    const { poll, deps } = fakePoll({ kind: 'status', status: 'Pending', companies: [] });
    expect(await advanceConsent(db, attempt.id, scopeOf(session), deps)).toMatchObject({ status: 'failed' });
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('the attempt of another user (or another plugin) is neither shown nor advanced; a post-mode attempt is never polled', async () => {
    const owner = await newSession(db);
    const attempt = await newAttempt(db, owner);
    const stranger = await newSession(db, ['10001'], 'someone.else@example.sk');
    const { poll, deps } = fakePoll({ kind: 'status', status: 'Approved', companies: [] });
    expect(await advanceConsent(db, attempt.id, scopeOf(stranger), deps)).toBeNull();
    expect(
      await advanceConsent(db, attempt.id, { userId: owner.userId, pluginId: 'other-plugin', tenantId: '10001' }, deps),
    ).toBeNull();
    expect(poll).not.toHaveBeenCalled();
    expect(await rowOf(db, attempt.id)).toMatchObject({ status: 'pending', pollCount: 0 });

    const post = (await startConsent(db, owner, '10001', { ...config, responseMode: 'post' }))!;
    rememberSecret(new URL(post.url).searchParams.get('state')!);
    expect(await advanceConsent(db, post.id, scopeOf(owner), deps)).toMatchObject({
      status: 'pending',
      responseMode: 'post',
    });
    expect(poll).not.toHaveBeenCalled();
  });

  it('a state that no configured key opens fails the attempt', async () => {
    const session = await newSession(db);
    const attempt = await newAttempt(db, session);
    const { poll, deps } = fakePoll({ kind: 'status', status: 'Pending', companies: [] });
    const otherKeys = [{ id: 'k2', key: Buffer.alloc(32, 9) }];
    expect(await advanceConsent(db, attempt.id, scopeOf(session), { ...deps, keys: otherKeys })).toMatchObject({
      status: 'failed',
    });
    expect(poll).not.toHaveBeenCalled();
    const counted = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from consent_requests where id = ${attempt.id} and status = 'failed'`,
      ),
    );
    expect(counted).toEqual([{ n: 1 }]);
  });
});
