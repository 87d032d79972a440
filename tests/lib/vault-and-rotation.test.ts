import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { openToken, sealToken, VaultError } from '@/lib/crypto/vault';
import { reencryptAccessTokens } from '@/lib/crypto/rotate';
import { accessTokens } from '@/lib/db/schema';
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
    expect(() => openToken({ ...sealed, sealedToken: raw.toString('base64url') }, identity, [oldKey])).toThrow(VaultError);
    expect(() => openToken(sealed, identity, [newKey])).toThrow(VaultError);
  });
});

describe('key rotation (npm run keys:rotate)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database?.dispose());

  it('re-encrypts every stored token under the current key, after which the old key can go', async () => {
    for (const tenantId of ['10001', '10002', '10003']) {
      const rowIdentity = { ...identity, tenantId };
      await database.db.insert(accessTokens).values({ ...rowIdentity, companyName: null, ...sealToken(`token-${tenantId}`, rowIdentity, [oldKey]) });
    }
    const outcome = await reencryptAccessTokens(database.db, [newKey, oldKey]);
    expect(outcome).toEqual({ reencrypted: 3, alreadyCurrent: 0, total: 3 });

    const rows = await database.db.select().from(accessTokens);
    for (const row of rows) {
      expect(row.keyId).toBe('new');
      expect(openToken(row, row, [newKey])).toBe(`token-${row.tenantId}`);
    }
    expect(await reencryptAccessTokens(database.db, [newKey])).toEqual({ reencrypted: 0, alreadyCurrent: 3, total: 3 });
  });
});
