import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { reencryptAccessTokens } from '@/lib/features/keys/rotate';
import { consentStateContext } from '@/lib/owners/consent/secrets';
import {
  openSecret,
  openToken,
  sealSecret,
  sealToken,
  VaultError,
  webhookSecretContext,
} from '@/lib/platform/crypto/vault';
import { accessTokens, consentRequests } from '@/lib/platform/db/schema';

import { createTestDatabase, type TestDatabase } from '../support/databases';

const oldKey = { id: 'old', key: randomBytes(32) };
const newKey = { id: 'new', key: randomBytes(32) };
const identity = { userId: 'jana.novakova@example.sk', tenantId: '10001', pluginId: 'sandbox-addon' };

describe('the token vault (AES-256-GCM)', () => {
  it('opens what it sealed, with a fresh IV each time', () => {
    const first = sealToken('opaque-secret', identity, [oldKey]);
    const second = sealToken('opaque-secret', identity, [oldKey]);
    expect(first.sealedToken).not.toBe(second.sealedToken);
    expect(first.keyId).toBe('old');
    expect(openToken(first, identity, [oldKey])).toBe('opaque-secret');
  });

  it('binds the ciphertext to its row: another user, company or plugin cannot open it', () => {
    const sealed = sealToken('opaque-secret', identity, [oldKey]);
    for (const other of [{ userId: 'eve' }, { tenantId: '10002' }, { pluginId: 'other' }]) {
      expect(() => openToken(sealed, { ...identity, ...other }, [oldKey])).toThrow(VaultError);
    }
  });

  it('refuses a tampered ciphertext and a key id it does not know', () => {
    const sealed = sealToken('opaque-secret', identity, [oldKey]);
    const raw = Buffer.from(sealed.sealedToken, 'base64url');
    raw[14] = raw[14]! ^ 1;
    expect(() => openToken({ ...sealed, sealedToken: raw.toString('base64url') }, identity, [oldKey])).toThrow(
      VaultError,
    );
    expect(() => openToken(sealed, identity, [newKey])).toThrow(VaultError);
  });
});

describe('key rotation (npm run keys:rotate)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database?.dispose());

  it('re-encrypts every stored token, webhook secret and consent state under the current key, after which the old key can go', async () => {
    for (const tenantId of ['10001', '10002', '10003']) {
      const rowIdentity = { ...identity, tenantId };
      const sealed = sealToken(`token-${tenantId}`, rowIdentity, [oldKey]);
      const secret =
        tenantId === '10002' ? sealSecret('hook-secret', webhookSecretContext(rowIdentity), [oldKey]).sealed : null;
      await database.db
        .insert(accessTokens)
        .values({ ...rowIdentity, companyName: null, ...sealed, sealedWebhookSecret: secret });
    }
    await database.db.insert(consentRequests).values({
      id: 'consent-in-progress',
      stateHash: 'hash',
      responseMode: 'poll',
      companyMode: 'single',
      sessionId: 'session',
      userId: identity.userId,
      pluginId: identity.pluginId,
      tenantIds: ['10001'],
      startedFor: '10001',
      webhookId: 'hook',
      keyId: oldKey.id,
      sealedState: sealSecret('the-state', consentStateContext('consent-in-progress'), [oldKey]).sealed,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const outcome = await reencryptAccessTokens(database.db, [newKey, oldKey]);
    expect(outcome).toEqual({ reencrypted: 3, alreadyCurrent: 0, total: 3, consents: 1 });

    const rows = await database.db.select().from(accessTokens);
    for (const row of rows) {
      expect(row.keyId).toBe('new');
      expect(openToken(row, row, [newKey])).toBe(`token-${row.tenantId}`);
    }
    const withSecret = rows.find((row) => row.tenantId === '10002')!;
    expect(
      openSecret(
        { keyId: withSecret.keyId, sealed: withSecret.sealedWebhookSecret! },
        webhookSecretContext(withSecret),
        [newKey],
      ),
    ).toBe('hook-secret');
    const [consent] = await database.db.select().from(consentRequests);
    expect(
      openSecret({ keyId: consent!.keyId, sealed: consent!.sealedState! }, consentStateContext(consent!.id), [newKey]),
    ).toBe('the-state');
    expect(await reencryptAccessTokens(database.db, [newKey])).toEqual({
      reencrypted: 0,
      alreadyCurrent: 3,
      total: 3,
      consents: 0,
    });
  });

  it('never opens a webhook secret as a token, nor a token as a webhook secret', () => {
    const sealed = sealToken('opaque-secret', identity, [oldKey]);
    expect(() =>
      openSecret({ keyId: sealed.keyId, sealed: sealed.sealedToken }, webhookSecretContext(identity), [oldKey]),
    ).toThrow(VaultError);
    const secret = sealSecret('hook-secret', webhookSecretContext(identity), [oldKey]);
    expect(() => openToken({ keyId: secret.keyId, sealedToken: secret.sealed }, identity, [oldKey])).toThrow(
      VaultError,
    );
  });
});
