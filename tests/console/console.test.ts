import { randomBytes } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  ConsoleInputError,
  disconnectCompany,
  endUserSessions,
  type Operator,
  reencryptSecrets,
  resyncCompany,
} from '@/lib/features/console/actions';
import { consoleCompanies } from '@/lib/features/console/companies';
import { consoleUsers } from '@/lib/features/console/users';
import { AuditFilterError, auditLog } from '@/lib/owners/audit/console-audit';
import { listConnections } from '@/lib/owners/connections/states';
import { storeAccessTokens } from '@/lib/owners/connections/store';
import { mirrorSyncQueue } from '@/lib/owners/mirror/jobs';
import { findActiveSession } from '@/lib/owners/sessions/sessions';
import { fingerprint } from '@/lib/platform/crypto/digest';
import { openToken } from '@/lib/platform/crypto/vault';
import { rowsOf } from '@/lib/platform/db/client';
import { accessTokens, consoleAudit, opsDataApiUsage, sessions } from '@/lib/platform/db/schema';
import { getEnv, resetEnvForTests } from '@/lib/platform/env';
import type { SendJob } from '@/lib/platform/jobs/queue';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { jobsDuringEachTest } from '../support/jobs';
import { rememberSecret } from '../support/log-capture';
import { type ConsoleFixture, JANA, PETER, PLUGIN_ID, seedConsole } from './fixture';

/**
 * The operators' console's data and actions (lib/features/console/): what the Companies and Users pages show, each action's
 * effect and its audit entry, refused input changing nothing, and no secret anywhere in what the console reads or
 * writes. On both databases.
 */
const ops: Operator = { email: 'ops@integrator.example', name: 'Olga Operátorka' };
const minutesAgo = (date: Date | null) => (date ? (Date.now() - date.getTime()) / 60_000 : null);

describe.each(databaseKinds)('the operators’ console on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const openJobs = jobsDuringEachTest();
  let fixture: ConsoleFixture;

  beforeAll(async () => {
    fixture = await seedConsole(database.db, getEnv().encryptionKeys);
  });
  afterEach(() => {
    delete process.env.MIRROR_SYNC;
    resetEnvForTests();
  });

  /** A secret handed out by this test, kept for the final scan. */
  const newSecret = (prefix: string) => {
    const value = rememberSecret(`${prefix}-${randomBytes(18).toString('base64url')}`);
    fixture.secrets.push(value);
    return value;
  };
  const auditRows = () => database.db.select().from(consoleAudit).orderBy(consoleAudit.id);
  const lastAudit = async () => (await auditRows()).at(-1);

  describe('Companies', () => {
    it('lists every company a launch, connection, mirror or notification names', async () => {
      const companies = await consoleCompanies(database.db);
      expect(companies.map((company) => [company.pluginId, company.tenantId])).toEqual([
        [PLUGIN_ID, '10001'],
        [PLUGIN_ID, '10002'],
        [PLUGIN_ID, '10003'],
      ]);
    });

    it('shows a connected company: its users, connections by source, the last 401, its mirror and notifications', async () => {
      const alfa = (await consoleCompanies(database.db)).find((company) => company.tenantId === '10001')!;
      expect(alfa.name).toBe('Alfa s.r.o.');
      expect(alfa.users.map((user) => user.userId)).toEqual([JANA, PETER]);
      expect(minutesAgo(alfa.users[0]!.lastLaunchedAt)).toBeLessThan(3);
      expect(minutesAgo(alfa.users[1]!.lastLaunchedAt)).toBeGreaterThan(299);
      expect(alfa.lastLaunchedAt).toEqual(alfa.users[0]!.lastLaunchedAt);

      expect(alfa.connectionState).toBe('connected');
      expect(alfa.connections).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ userId: PETER, state: 'invalid', source: 'consent', keyId: 'k1' }),
          expect.objectContaining({
            userId: JANA,
            state: 'connected',
            source: 'gateway',
            keyId: 'k1',
            refusedAt: null,
          }),
        ]),
      );
      expect(alfa.connections.map((connection) => [connection.userId, connection.hasWebhookSecret])).toContainEqual([
        JANA,
        true,
      ]);
      expect(alfa.connections).toHaveLength(2);
      const peters = alfa.connections.find((connection) => connection.userId === PETER)!;
      expect(minutesAgo(peters.refusedAt)).toBeGreaterThan(4);
      expect(alfa.lastUnauthorizedAt).toEqual(peters.refusedAt);
      expect(alfa.lastPaymentRequiredAt).toBeNull();
      expect(alfa.keyIds).toEqual(['k1']);

      expect(alfa.mirror).toMatchObject({
        status: 'ready',
        records: { invoices: 2, expenses: 1, deliveryNotes: 0 },
        lastError: null,
        nextTryAt: null,
      });
      expect(alfa.mirror.lagSeconds).toBeGreaterThanOrEqual(600);
      expect(alfa.mirror.lagSeconds).toBeLessThan(900);
      expect(alfa.notifications).toMatchObject({ received: 3, refused: { count: 0, lastAt: null, byReason: {} } });
      expect(minutesAgo(alfa.notifications.lastReceivedAt)).toBeLessThan(4);
    });

    it('knows the last 401 and 402 of any call from the operational records, to the hour, after the mirror forgot', async () => {
      const hoursAgo = (hours: number) => new Date(Math.floor(Date.now() / 3_600_000 - hours) * 3_600_000);
      const refused = (outcome: string, hour: Date) => ({
        hour,
        pluginId: PLUGIN_ID,
        tenantId: '10003',
        priority: 'page' as const,
        outcome,
        calls: 1,
        rateLimited: 0,
        waitMsSum: 0,
        waitBuckets: [1],
      });
      await database.db
        .insert(opsDataApiUsage)
        .values([refused('payment-required', hoursAgo(5)), refused('unauthorized', hoursAgo(2))]);
      try {
        const gama = (await consoleCompanies(database.db)).find((company) => company.tenantId === '10003')!;
        expect(gama.lastPaymentRequiredAt).toEqual(hoursAgo(5));
        expect(gama.lastUnauthorizedAt).toEqual(hoursAgo(2));
      } finally {
        await database.db.delete(opsDataApiUsage).where(eq(opsDataApiUsage.tenantId, '10003'));
      }
    });

    it('shows a company without a token, paused by a 402, and one never mirrored', async () => {
      const companies = await consoleCompanies(database.db);
      const beta = companies.find((company) => company.tenantId === '10002')!;
      expect(beta).toMatchObject({ name: null, connectionState: 'missing', connections: [], keyIds: [] });
      expect(beta.users.map((user) => user.userId)).toEqual([JANA]);
      expect(minutesAgo(beta.lastPaymentRequiredAt)).toBeGreaterThan(119);
      expect(beta.mirror).toMatchObject({ status: 'paused', lagSeconds: null, records: { invoices: 1 } });
      expect(beta.mirror.lastError?.kind).toBe('payment-required');
      expect(beta.mirror.nextTryAt!.getTime()).toBeGreaterThan(Date.now());
      expect(beta.notifications.received).toBe(1);

      const gama = companies.find((company) => company.tenantId === '10003')!;
      expect(gama).toMatchObject({ name: 'Gama', connectionState: 'connected', keyIds: ['k1'] });
      expect(gama.connections.map((connection) => connection.source)).toEqual(['pasted']);
      expect(gama.mirror).toMatchObject({
        status: 'never',
        lastSyncedAt: null,
        records: { invoices: 0, expenses: 0, deliveryNotes: 0 },
      });
      expect(gama.notifications).toEqual({
        received: 0,
        lastReceivedAt: null,
        refused: { count: 0, lastAt: null, byReason: {} },
      });
    });
  });

  describe('Users', () => {
    it('shows who launched, their companies and their sessions, told apart by a fingerprint only', async () => {
      const users = await consoleUsers(database.db);
      expect(users.map((user) => user.userId)).toEqual([JANA, PETER]);
      const [jana, peter] = users as [(typeof users)[0], (typeof users)[0]];
      expect(jana.companies).toEqual([
        { tenantId: '10001', name: 'Alfa s.r.o.' },
        { tenantId: '10002', name: null },
      ]);
      expect(minutesAgo(jana.lastLaunchedAt)).toBeLessThan(3);
      expect(jana.sessions.map((session) => [session.fingerprint, session.state])).toEqual([
        [fingerprint(fixture.sessionIds.janaLive), 'live'],
        [fingerprint(fixture.sessionIds.janaRevoked), 'revoked'],
      ]);
      expect(jana.sessions[0]!.fingerprint).toMatch(/^[0-9a-f]{16}$/);
      expect(jana.sessions[1]!.tenantIds).toEqual(['10001', '10002']);
      expect(peter.companies.map((company) => company.tenantId)).toEqual(['10001', '10003']);
      expect(peter.sessions.map((session) => session.state)).toEqual(['idle']);
      expect(minutesAgo(peter.sessions[0]!.lastSeenAt)).toBeGreaterThan(199);
    });
  });

  describe('actions', () => {
    it('refuses malformed input with one generic error, changing and auditing nothing', async () => {
      const refused = [
        () => endUserSessions(database.db, ops, { pluginId: PLUGIN_ID, userId: '' }),
        () => endUserSessions(database.db, ops, { pluginId: PLUGIN_ID, userId: JANA, extra: 1 }),
        () => endUserSessions(database.db, { email: '', name: null }, { pluginId: PLUGIN_ID, userId: JANA }),
        () => disconnectCompany(database.db, ops, { pluginId: PLUGIN_ID }),
        () => disconnectCompany(database.db, ops, 'tenant=10001'),
        () => resyncCompany(database.db, ops, { pluginId: PLUGIN_ID, tenantId: '10003', mode: 'everything' }),
        () => reencryptSecrets(database.db, ops, { keyId: 'k1' }),
      ];
      for (const attempt of refused) {
        await expect(attempt()).rejects.toThrow(ConsoleInputError);
        await expect(attempt()).rejects.toThrow('The request is not valid.');
      }
      expect(await auditRows()).toEqual([]);
      expect(await findActiveSession(database.db, fixture.sessionIds.janaLive)).not.toBeNull();
      expect(await database.db.select().from(accessTokens)).toHaveLength(3);
    });

    it('ends all sessions of a user: the next page is refused; others’ sessions stay', async () => {
      const outcome = await endUserSessions(database.db, ops, { pluginId: PLUGIN_ID, userId: JANA });
      expect(outcome).toEqual({ result: 'ok', detail: { ended: 1 } });
      // requireSession's decision: the row is no longer live, so the page answers 401.
      expect(await findActiveSession(database.db, fixture.sessionIds.janaLive)).toBeNull();
      const [peters] = await database.db.select().from(sessions).where(eq(sessions.userId, PETER));
      expect(peters!.revokedAt).toBeNull();
      expect(await lastAudit()).toMatchObject({
        operator: ops.email,
        action: 'end-user-sessions',
        target: { pluginId: PLUGIN_ID, userId: JANA },
        result: 'ok',
        reason: null,
      });
      expect((await lastAudit())!.at).toBeInstanceOf(Date);

      // Again: nothing left to end, refused and audited as such.
      expect(await endUserSessions(database.db, ops, { pluginId: PLUGIN_ID, userId: JANA })).toEqual({
        result: 'refused',
        reason: 'no-live-sessions',
      });
      expect(await lastAudit()).toMatchObject({
        action: 'end-user-sessions',
        result: 'refused',
        reason: 'no-live-sessions',
      });
    });

    it('disconnects a company: every token forgotten, its mirror erased, no other company touched', async () => {
      const outcome = await disconnectCompany(database.db, ops, { pluginId: PLUGIN_ID, tenantId: '10001' });
      expect(outcome).toEqual({ result: 'ok', detail: { tokens: 2, documents: 3 } });
      const scope = { userId: JANA, pluginId: PLUGIN_ID, tenantIds: ['10001'] };
      expect((await listConnections(database.db, scope))[0]!.state).toBe('missing');
      const count = async (table: string, tenantId: string) =>
        Number(
          rowsOf<{ n: number | string }>(
            await database.db.execute(
              sql`select count(*) as n from ${sql.identifier(table)} where tenant_id = ${tenantId}`,
            ),
          )[0]!.n,
        );
      for (const table of ['access_tokens', 'mirror_companies', 'mirror_documents', 'mirror_reference']) {
        expect(await count(table, '10001'), table).toBe(0);
      }
      expect(await count('mirror_documents', '10002')).toBe(1);
      expect(await count('access_tokens', '10003')).toBe(1);
      expect(await lastAudit()).toMatchObject({
        action: 'disconnect-company',
        target: { pluginId: PLUGIN_ID, tenantId: '10001' },
        result: 'ok',
      });
      const alfa = (await consoleCompanies(database.db)).find((company) => company.tenantId === '10001')!;
      expect(alfa).toMatchObject({ connectionState: 'missing', keyIds: [], mirror: { status: 'never' } });

      expect(await disconnectCompany(database.db, ops, { pluginId: PLUGIN_ID, tenantId: '99999' })).toEqual({
        result: 'refused',
        reason: 'unknown-company',
      });
      expect(await lastAudit()).toMatchObject({
        target: { tenantId: '99999' },
        result: 'refused',
        reason: 'unknown-company',
      });
    });

    it('resyncs a company now through the job queue, once per company at a time', async () => {
      process.env.MIRROR_SYNC = 'on';
      resetEnvForTests();
      const jobs = await openJobs(database, { queues: [mirrorSyncQueue], work: false });
      const send: SendJob = (queue, data, options) => jobs.send(queue, data, options);
      const input = { pluginId: PLUGIN_ID, tenantId: '10003', mode: 'reconcile' };
      const outcome = await resyncCompany(database.db, ops, input, send);
      expect(outcome.result).toBe('ok');
      const jobId = outcome.result === 'ok' ? outcome.detail.jobId : null;
      expect(jobId).not.toBeNull();
      expect((await jobs.state(mirrorSyncQueue, jobId!))?.state).toBe('created');
      expect(await lastAudit()).toMatchObject({ action: 'resync-company', target: input, result: 'ok', reason: null });

      expect(await resyncCompany(database.db, ops, input, send)).toEqual({
        result: 'ok',
        detail: { jobId: null },
      });
      expect(await lastAudit()).toMatchObject({ result: 'ok', reason: 'already-queued' });

      // The disconnected company has no token to sync with.
      expect(await resyncCompany(database.db, ops, { pluginId: PLUGIN_ID, tenantId: '10001' }, send)).toEqual({
        result: 'refused',
        reason: 'not-connected',
      });
      expect(await lastAudit()).toMatchObject({ target: { tenantId: '10001', mode: 'auto' }, result: 'refused' });

      const unreachable: SendJob = () => Promise.reject(new Error('connection refused'));
      expect(await resyncCompany(database.db, ops, { pluginId: PLUGIN_ID, tenantId: '10003' }, unreachable)).toEqual({
        result: 'failed',
        reason: 'queue-unavailable',
      });
      expect(await lastAudit()).toMatchObject({ result: 'failed', reason: 'queue-unavailable' });
    });

    it('refuses a resync while the mirror’s sync is off', async () => {
      process.env.MIRROR_SYNC = 'off';
      resetEnvForTests();
      expect(await resyncCompany(database.db, ops, { pluginId: PLUGIN_ID, tenantId: '10003' })).toEqual({
        result: 'refused',
        reason: 'mirror-sync-off',
      });
      expect(await lastAudit()).toMatchObject({ result: 'refused', reason: 'mirror-sync-off' });
    });

    it('re-encrypts the stored secrets under the first key; a key missing to open them fails and says so', async () => {
      await storeAccessTokens(
        database.db,
        [
          {
            userId: JANA,
            tenantId: '10004',
            pluginId: PLUGIN_ID,
            accessToken: newSecret('token-delta'),
            companyName: 'Delta',
            webhookSecret: newSecret('hook-delta'),
          },
        ],
        getEnv().encryptionKeys,
        { source: 'gateway' },
      );
      const newKey = { id: 'k2', key: randomBytes(32) };
      const outcome = await reencryptSecrets(database.db, ops, {}, [newKey, ...getEnv().encryptionKeys]);
      expect(outcome).toEqual({ result: 'ok', detail: { reencrypted: 2, alreadyCurrent: 0, total: 2, consents: 0 } });
      const rows = await database.db.select().from(accessTokens);
      for (const row of rows) {
        expect(row.keyId).toBe('k2');
        expect(openToken(row, row, [newKey])).toMatch(/^token-/);
      }
      expect((await consoleCompanies(database.db)).find((company) => company.tenantId === '10004')!.keyIds).toEqual([
        'k2',
      ]);
      expect(await lastAudit()).toMatchObject({ action: 'reencrypt-secrets', target: { keyId: 'k2' }, result: 'ok' });

      // Without k2 nothing opens what is stored now: the action fails, and the entry says why.
      const other = { id: 'k3', key: randomBytes(32) };
      expect(await reencryptSecrets(database.db, ops, undefined, [other])).toEqual({
        result: 'failed',
        reason: 'unreadable-secret',
      });
      expect(await lastAudit()).toMatchObject({
        action: 'reencrypt-secrets',
        result: 'failed',
        reason: 'unreadable-secret',
      });
    });
  });

  describe('the audit log', () => {
    it('filters by operator, action, company, result and date range, a page at a time, newest first', async () => {
      await endUserSessions(
        database.db,
        { email: 'other@integrator.example', name: null },
        {
          pluginId: PLUGIN_ID,
          userId: PETER,
        },
      );
      const all = await auditLog(database.db, { limit: 200 });
      expect(all.next).toBeNull();
      expect(all.entries.map((entry) => entry.id)).toEqual(
        [...all.entries.map((entry) => entry.id)].sort((a, b) => b - a),
      );
      expect(all.entries.length).toBe((await auditRows()).length);

      const others = await auditLog(database.db, { operator: 'other@integrator.example' });
      expect(others.entries).toEqual([
        expect.objectContaining({
          action: 'end-user-sessions',
          target: { pluginId: PLUGIN_ID, userId: PETER },
          result: 'ok',
        }),
      ]);
      const disconnects = await auditLog(database.db, { action: 'disconnect-company' });
      expect(disconnects.entries.map((entry) => entry.result)).toEqual(['refused', 'ok']);
      const ofAlfa = await auditLog(database.db, { tenantId: '10001' });
      expect(ofAlfa.entries.map((entry) => entry.action)).toEqual(['resync-company', 'disconnect-company']);
      const failed = await auditLog(database.db, { result: 'failed' });
      expect(failed.entries.map((entry) => entry.reason)).toEqual(['unreadable-secret', 'queue-unavailable']);

      const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      expect((await auditLog(database.db, { from: hourAgo, to: inAnHour })).entries).toHaveLength(all.entries.length);
      expect((await auditLog(database.db, { from: inAnHour })).entries).toEqual([]);
      expect((await auditLog(database.db, { to: hourAgo })).entries).toEqual([]);

      const first = await auditLog(database.db, { limit: 3 });
      expect(first.entries.map((entry) => entry.id)).toEqual(all.entries.slice(0, 3).map((entry) => entry.id));
      const second = await auditLog(database.db, { limit: 3, before: first.next! });
      expect(second.entries.map((entry) => entry.id)).toEqual(all.entries.slice(3, 6).map((entry) => entry.id));

      for (const bad of [
        { action: 'drop-table' },
        { result: 'maybe' },
        { from: 'yesterday' },
        { limit: 0 },
        { before: -1 },
      ]) {
        await expect(auditLog(database.db, bad as never)).rejects.toThrow(AuditFilterError);
      }
    });
  });

  it('never holds a secret: no token, webhook secret, launch code, session id, sealed value or API key', async () => {
    const read = JSON.stringify([await consoleCompanies(database.db), await consoleUsers(database.db)]);
    const audit = JSON.stringify(await auditRows());
    expect(fixture.secrets.length).toBeGreaterThan(10);
    for (const secret of [...fixture.secrets, ...Object.values(fixture.sessionIds)]) {
      expect(read.includes(secret), 'read models').toBe(false);
      expect(audit.includes(secret), 'audit log').toBe(false);
    }
    // The sealed values of now (re-encrypted above) are not shown either.
    for (const row of await database.db.select().from(accessTokens)) {
      expect(read.includes(row.sealedToken)).toBe(false);
      if (row.sealedWebhookSecret) expect(read.includes(row.sealedWebhookSecret)).toBe(false);
    }
  });
});
