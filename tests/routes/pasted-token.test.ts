import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POST as pasteToken } from '@/app/companies/[tenantId]/connection/token/route';
import { openCompanyClient } from '@/lib/owners/connections/client';
import { listConnections } from '@/lib/owners/connections/states';
import { openSecret, webhookSecretContext } from '@/lib/platform/crypto/vault';
import { getDb } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';
import { getEnv } from '@/lib/platform/env';

import { PLUGIN_ID } from '../support/broker';
import {
  type CompanyFixture,
  dataApiRequestCount,
  JANA,
  postCompanyForm,
  signIn,
  startCompanyFixture,
} from '../support/company';
import { capturedLogLines, rememberSecret } from '../support/log-capture';

/**
 * A token made by hand in the service, pasted into the company page's form (POST /companies/{id}/connection/token):
 * checked with the service before it is stored, stored for this user and company only, never shown back.
 */
let fixture: CompanyFixture;
beforeAll(async () => {
  fixture = await startCompanyFixture();
  await getDb(); // its migrations, once, before the first test's clock starts
}, 120_000);
afterAll(() => fixture.stop());

const post = (tenantId: string, body: string, headers: Record<string, string>) =>
  postCompanyForm(pasteToken, `/companies/${tenantId}/connection/token`, tenantId, body, headers);

const form = (token: string) => new URLSearchParams({ token }).toString();
const stateOf = async (tenantId: string) =>
  (await listConnections(await getDb(), { userId: JANA, pluginId: PLUGIN_ID, tenantIds: [tenantId] }))[0]?.state;

describe('a pasted token', () => {
  it('is checked with the service, stored (unproven: the company’s copy is empty), and connects the company; the answer never carries it', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10002'], connected: [] });
    expect(await stateOf('10002')).toBe('missing');
    const token = rememberSecret(fixture.tokens.issue('10002', JANA));

    const response = await post('10002', form(token), { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/companies/10002?connection=unproven');
    expect(await stateOf('10002')).toBe('connected');
    await expect(
      (await openCompanyClient({ userId: JANA, tenantId: '10002', pluginId: PLUGIN_ID })).auth.check(),
    ).resolves.toBe(true);
    expect(JSON.stringify([...response.headers])).not.toContain(token);
    expect(capturedLogLines.join('\n')).not.toContain(token);
  });

  it('is not stored when the service refuses it', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10003'], connected: [] });
    const revoked = rememberSecret(fixture.tokens.issue('10003', JANA));
    fixture.tokens.revokeToken(revoked);
    const response = await post('10003', form(revoked), { cookie });
    expect(response.headers.get('location')).toBe('/companies/10003?connection=rejected');
    expect(await stateOf('10003')).toBe('missing');
  });

  it('is refused as invalid, without asking the service, when it cannot be a token', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10003'], connected: [] });
    const before = await dataApiRequestCount(fixture);
    for (const bad of ['', 'short', 'has spaces in it 0123456789', 'x'.repeat(9000)]) {
      const response = await post('10003', form(bad), { cookie });
      expect(response.headers.get('location'), bad.slice(0, 20)).toBe('/companies/10003?connection=invalid');
    }
    expect(await dataApiRequestCount(fixture)).toBe(before);
  });

  it('replaces the token the gateway delivered', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10004'], sub: JANA });
    const pasted = rememberSecret(fixture.tokens.issue('10004', JANA));
    await post('10004', form(pasted), { cookie });
    fixture.dataApi.resetRequests();
    await (await openCompanyClient({ userId: JANA, tenantId: '10004', pluginId: PLUGIN_ID })).auth.check();
    const [seen] = fixture.dataApi.requests();
    const { tokenFingerprint } = await import('../../sandbox/data-api/request-log');
    expect(seen?.tokenFingerprint).toBe(tokenFingerprint(pasted));
  });

  it('keeps the connection’s notification key with it, sealed apart from the token, and only with a good token', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10002'], connected: [] });
    const key = rememberSecret('manual-authorization-key-0123');
    const revoked = rememberSecret(fixture.tokens.issue('10002', JANA));
    fixture.tokens.revokeToken(revoked);
    await post('10002', new URLSearchParams({ token: revoked, webhookSecret: key }).toString(), { cookie });
    const before = await (await getDb()).select().from(accessTokens).where(eq(accessTokens.tenantId, '10002'));

    const token = rememberSecret(fixture.tokens.issue('10002', JANA));
    const response = await post('10002', new URLSearchParams({ token, webhookSecret: ` ${key} ` }).toString(), {
      cookie,
    });
    expect(response.headers.get('location')).toBe('/companies/10002?connection=unproven');
    const [row] = await (
      await getDb()
    )
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, JANA), eq(accessTokens.tenantId, '10002')));
    expect(row).toMatchObject({ source: 'pasted', webhookId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(row!.sealedWebhookSecret).not.toContain(key);
    const identity = { userId: JANA, tenantId: '10002', pluginId: PLUGIN_ID };
    expect(
      openSecret(
        { keyId: row!.keyId, sealed: row!.sealedWebhookSecret! },
        webhookSecretContext(identity),
        getEnv().encryptionKeys,
      ),
    ).toBe(key);
    // The refused token before it stored nothing, key included.
    expect(
      before.filter((stored) => stored.userId === JANA && stored.source === 'pasted' && stored.sealedWebhookSecret),
    ).toEqual([]);
  });

  it('is refused while the address has spent its failure budget, before the service is asked, even when right', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10003'], connected: [] });
    const from = { cookie, 'x-forwarded-for': '192.0.2.44' };
    for (let attempt = 0; attempt < 30; attempt++) {
      const wrong = rememberSecret(`wrong-token-${attempt}-0123456789abcdef`);
      expect((await post('10003', form(wrong), from)).headers.get('location')).toBe(
        '/companies/10003?connection=rejected',
      );
    }
    const before = await dataApiRequestCount(fixture);
    const right = rememberSecret(fixture.tokens.issue('10003', JANA));
    const refused = await post('10003', form(right), from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await dataApiRequestCount(fixture)).toBe(before);
    expect(await stateOf('10003')).toBe('missing');
    // Another address is not held back by this one's failures.
    const elsewhere = await post('10003', form(right), { cookie, 'x-forwarded-for': '192.0.2.45' });
    expect(elsewhere.headers.get('location')).toBe('/companies/10003?connection=unproven');
  });

  it('is refused for a company outside the session, from another site, and without a session', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001'] });
    const token = rememberSecret(fixture.tokens.issue('20001', JANA));
    expect((await post('20001', form(token), { cookie })).status).toBe(403);
    expect((await post('10001', form(token), { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('10001', form(token), { cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post('10001', form(token), {})).status).toBe(401);
  });
});
