import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatMoney } from '@/lib/base/i18n/format';
import { loadActivityPage } from '@/lib/features/activity/page';
import { pruneExpiredRows } from '@/lib/features/upkeep/prune';
import { storeAccessTokens } from '@/lib/owners/connections/store';
import { listCompanyEvents } from '@/lib/owners/webhooks/activity';
import { receiverAddress } from '@/lib/owners/webhooks/address';
import { recordWebhookEvent } from '@/lib/owners/webhooks/events';
import { paymentAmount, problemText, readStoredNotification, uploadedEntities } from '@/lib/owners/webhooks/present';
import type { VaultKey } from '@/lib/platform/crypto/vault';
import { rowsOf } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';
import { storable } from '@/lib/platform/db/storable';
import { getEnv } from '@/lib/platform/env';

import { createTestDatabase, type TestDatabase } from '../support/databases';

/**
 * What the activity page of a company shows: the notifications of this user and plugin whose signature the
 * company's secret verified, newest first; and where the service should send them.
 */

const KEYS: VaultKey[] = [{ id: 't1', key: Buffer.alloc(32, 3) }];
const JANA = { userId: 'jana@example.sk', pluginId: 'plugin-a' };
const PETER = { userId: 'peter@example.sk', pluginId: 'plugin-a' };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
});
afterAll(() => database.dispose());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function event(
  eventKey: string,
  owner: typeof JANA,
  tenantIds: string[],
  receivedAt: Date,
  webhookId = 'hook-one-0123456789',
) {
  await recordWebhookEvent(database.db, {
    webhookId,
    eventKey,
    ...owner,
    tenantIds,
    kind: 'upload',
    payload: { requestId: eventKey, status: 200 },
    receivedAt,
  });
}

describe('the events a company sees', () => {
  beforeAll(async () => {
    await event('own-old', JANA, ['10001'], minutesAgo(30));
    await event('own-new', JANA, ['10001'], minutesAgo(1));
    await event('shared', JANA, ['10001', '10002'], minutesAgo(10));
    await event('sibling-only', JANA, ['10002'], minutesAgo(5));
    await event('other-user', PETER, ['10001'], minutesAgo(2), 'hook-two-0123456789');
    await event('other-plugin', { ...JANA, pluginId: 'plugin-b' }, ['10001'], minutesAgo(3), 'hook-three-012345678');
  });

  it('are its own user’s and plugin’s whose companies include it, newest first', async () => {
    const seen = await listCompanyEvents(database.db, { ...JANA, tenantId: '10001' });
    expect(seen.map((row) => row.eventKey)).toEqual(['own-new', 'shared', 'own-old']);
    const sibling = await listCompanyEvents(database.db, { ...JANA, tenantId: '10002' });
    expect(sibling.map((row) => row.eventKey)).toEqual(['sibling-only', 'shared']);
  });

  it('are none for a company without notifications, and at most the limit', async () => {
    expect(await listCompanyEvents(database.db, { ...JANA, tenantId: '99999' })).toEqual([]);
    expect(
      (await listCompanyEvents(database.db, { ...JANA, tenantId: '10001' }, 2)).map((row) => row.eventKey),
    ).toEqual(['own-new', 'shared']);
  });

  it('are kept 90 days, then pruned', async () => {
    await event('ancient', JANA, ['10003'], new Date(Date.now() - 91 * 24 * 3_600_000));
    await event('recent', JANA, ['10003'], new Date(Date.now() - 89 * 24 * 3_600_000));
    await pruneExpiredRows(database.db);
    expect((await listCompanyEvents(database.db, { ...JANA, tenantId: '10003' })).map((row) => row.eventKey)).toEqual([
      'recent',
    ]);
  });
});

describe('the company’s receiver address, as the activity page shows it', () => {
  it('is the connection’s address, says whether a secret is stored (never the secret), and names companies that share it', async () => {
    const secret = 'secret-of-the-consent-0123456789';
    const token = (tenantId: string, webhookSecret: string | null) => ({
      ...JANA,
      tenantId,
      accessToken: `token-${tenantId}-0123456789`,
      companyName: `Firma ${tenantId}`,
      webhookSecret,
    });
    await storeAccessTokens(database.db, [token('20001', secret), token('20002', secret)], KEYS, {
      source: 'consent',
      webhookId: 'consent-hook-01234567',
    });
    await storeAccessTokens(database.db, [token('20003', null)], KEYS, { source: 'pasted' });
    const session = { ...JANA, tenantIds: ['20001', '20002', '20003', '29999'] };
    const receiverOf = async (tenantId: string, scope = session) =>
      (await loadActivityPage(database.db, { ...scope, tenantId })).receiver;

    const shared = await loadActivityPage(database.db, { ...session, tenantId: '20001' });
    expect(shared.receiver).toEqual({
      state: 'ready',
      address: receiverAddress(getEnv().appUrl, 'consent-hook-01234567'),
      hasSecret: true,
      sharedWith: ['Firma 20002 (20002)'],
    });
    const [row] = await database.db.select().from(accessTokens).where(eq(accessTokens.tenantId, '20001'));
    for (const value of [secret, row!.sealedWebhookSecret!, row!.sealedToken])
      expect(JSON.stringify(shared)).not.toContain(value);

    expect(await receiverOf('20003')).toMatchObject({ state: 'ready', hasSecret: false, sharedWith: [] });
    expect(await receiverOf('29999')).toEqual({ state: 'no-connection' });
    expect(await receiverOf('20001', { ...PETER, tenantIds: ['20001'] })).toEqual({ state: 'no-connection' });
    expect(receiverAddress('https://addon.example.sk', 'consent-hook-01234567')).toBe(
      'https://addon.example.sk/api/webhooks/consent-hook-01234567',
    );
  });
});

describe('a stored notification, read for the page', () => {
  it('is read by its kind, and as "other" when it no longer fits', () => {
    expect(readStoredNotification('upload', { requestId: 'r', status: 207 })).toEqual({
      kind: 'upload',
      payload: { requestId: 'r', status: 207 },
    });
    expect(readStoredNotification('payment', { eventType: 'DocumentPayment' }).kind).toBe('payment');
    expect(readStoredNotification('upload', { requestId: 'r', status: 'broken' })).toEqual({
      kind: 'other',
      payload: { requestId: 'r', status: 'broken' },
    });
    expect(readStoredNotification('other', ['not', 'an', 'object'])).toEqual({
      kind: 'other',
      payload: { value: ['not', 'an', 'object'] },
    });
  });

  it('lists each uploaded document with its problems as text', () => {
    const entities = uploadedEntities({
      requestId: 'r',
      status: 207,
      results: {
        entities: [
          { data: { id: 5, documentNumber: 'FA1', externalId: 'ext-1', variableSymbol: '1' }, problems: [] },
          {
            data: { documentId: 'uuid-2' },
            problems: [
              { code: 'Partner', message: 'Chýba IČO.' },
              { code: 'VAT' },
              'plain text',
              { detail: { field: 'x' } },
            ],
          },
          { data: null },
        ],
      },
    });
    expect(entities).toEqual([
      { documentNumber: 'FA1', externalId: 'ext-1', variableSymbol: '1', id: '5', problems: [] },
      {
        documentNumber: null,
        externalId: null,
        variableSymbol: null,
        id: 'uuid-2',
        problems: ['Chýba IČO.', 'VAT', 'plain text', '{"detail":{"field":"x"}}'],
      },
      { documentNumber: null, externalId: null, variableSymbol: null, id: null, problems: [] },
    ]);
  });

  it('shows a payment’s amount as money when it is a number or plain numeric text, else as it came', () => {
    expect(paymentAmount({ sumOfPayment: 120.5, currency: 'EUR' }, 'en')).toBe(formatMoney(120.5, 'EUR', 'en'));
    expect(paymentAmount({ sumOfPayment: '120.50', currency: 'EUR' }, 'en')).toBe(formatMoney(120.5, 'EUR', 'en'));
    expect(paymentAmount({ sumOfPayment: 'about 120', currency: 'EUR' }, 'en')).toBe('about 120 EUR');
    expect(paymentAmount({ currency: 'EUR' }, 'en')).toBeNull();
  });

  it('shows a problem of any shape as short text', () => {
    expect(problemText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>'); // React escapes it where shown
    expect(problemText({ message: '', code: 42 })).toBe('42');
    expect(problemText(null)).toBe('null');
    expect(problemText({ long: 'x'.repeat(1000) })).toHaveLength(300);
  });
});

describe('a payload on its way to the database', () => {
  it('loses nothing but the NUL character jsonb cannot hold', async () => {
    const payload = { requestId: 'nul\u0000key', nested: [{ 'k\u0000': 'v\u0000' }], n: 1, ok: true, none: null };
    expect(storable(payload)).toEqual({
      requestId: 'nul\uFFFDkey',
      nested: [{ 'k\uFFFD': 'v\uFFFD' }],
      n: 1,
      ok: true,
      none: null,
    });
    await recordWebhookEvent(database.db, {
      webhookId: 'hook-nul-0123456789',
      eventKey: 'nul',
      ...JANA,
      tenantIds: ['1'],
      kind: 'other',
      payload,
    });
    const [row] = rowsOf<{ payload: unknown }>(
      await database.db.execute(sql`select payload from webhook_events where event_key = 'nul'`),
    );
    expect(row?.payload).toEqual(storable(payload));
  });
});
