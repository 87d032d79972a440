import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openToken } from '@/lib/platform/crypto/vault';
import { getDb, rowsOf } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';
import { getEnv } from '@/lib/platform/env';

import { deliver, launch, PLUGIN_ID, startBrokerFixture } from '../support/broker';
import { rememberSecret } from '../support/log-capture';

let broker: Awaited<ReturnType<typeof startBrokerFixture>>;
beforeAll(async () => {
  broker = await startBrokerFixture();
});
afterAll(() => broker.stop());

const USER = 'jana.novakova@example.sk';
const secretToken = (label: string) => rememberSecret(`sbx_${label}_${Math.random().toString(36).slice(2)}_opaque`);

/** A delivery of one fresh token, for company 10001. */
const deliverOneFor10001 = (userId: string, label: string) =>
  deliver({ userId, pluginId: PLUGIN_ID, tokens: [{ tenantId: '10001', name: 'x', accessToken: secretToken(label) }] });

async function storedRows() {
  const db = await getDb();
  return db.select().from(accessTokens);
}

describe('POST /api/auth/token-delivery', () => {
  it('stores each token encrypted under (user, company, plugin) and answers counts only', async () => {
    await launch(broker, { sub: USER, tenantIds: ['10001', '10002'] });
    const first = secretToken('a');
    const second = secretToken('b');
    const response = await deliver({
      userId: USER,
      pluginId: PLUGIN_ID,
      tokens: [
        { tenantId: '10001', name: 'Pekáreň Novák s.r.o.', accessToken: first },
        { tenantId: '10002', name: 'Záhradníctvo s.r.o.', accessToken: second },
      ],
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(first);
    expect(text).not.toContain('Pekáreň');
    expect(JSON.parse(text)).toEqual({ stored: 2, skipped: 0 });

    const rows = await storedRows();
    const row = rows.find((candidate) => candidate.tenantId === '10001')!;
    expect(row).toMatchObject({ userId: USER, pluginId: PLUGIN_ID, companyName: 'Pekáreň Novák s.r.o.', keyId: 'k1' });
    expect(row.sealedToken).not.toContain(first);
    expect(openToken(row, { userId: USER, tenantId: '10001', pluginId: PLUGIN_ID }, getEnv().encryptionKeys)).toBe(
      first,
    );
  });

  it('leaves no plaintext token anywhere in a dump of the database', async () => {
    const token = secretToken('dump');
    await launch(broker, { sub: USER, tenantIds: ['10001'] });
    await deliver({
      userId: USER,
      pluginId: PLUGIN_ID,
      tokens: [{ tenantId: '10001', name: 'X', accessToken: token }],
    });
    const db = await getDb();
    const dump = [];
    for (const table of ['access_tokens', 'launch_codes', 'sessions', 'used_jwt_ids', 'rate_limits']) {
      const result = await db.execute(sql.raw(`select * from ${table}`));
      dump.push(JSON.stringify(rowsOf<unknown>(result)));
    }
    expect(dump.join('\n')).not.toContain(token);
  });

  it('is harmless to repeat: the same delivery twice leaves one row per company with the newest token', async () => {
    await launch(broker, { sub: USER, tenantIds: ['10002'] });
    const token = secretToken('repeat');
    const body = { userId: USER, pluginId: PLUGIN_ID, tokens: [{ tenantId: '10002', name: 'Z', accessToken: token }] };
    expect((await deliver(body)).status).toBe(200);
    expect((await deliver(body)).status).toBe(200);
    const rows = (await storedRows()).filter((row) => row.tenantId === '10002');
    expect(rows).toHaveLength(1);
    expect(openToken(rows[0]!, { userId: USER, tenantId: '10002', pluginId: PLUGIN_ID }, getEnv().encryptionKeys)).toBe(
      token,
    );
  });

  it('answers 200 and stores nothing for an empty tokens array', async () => {
    const before = (await storedRows()).length;
    const response = await deliver({ userId: 'nobody@example.sk', pluginId: PLUGIN_ID, tokens: [] });
    expect(response.status).toBe(200);
    expect((await storedRows()).length).toBe(before);
  });

  it('skips entries with an empty tenantId or accessToken', async () => {
    await launch(broker, { sub: 'skip@example.sk', tenantIds: ['10001', '10003'] });
    const response = await deliver({
      userId: 'skip@example.sk',
      pluginId: PLUGIN_ID,
      tokens: [
        { tenantId: '', name: 'no company', accessToken: secretToken('orphan') },
        { tenantId: '10003', name: 'Stolárstvo', accessToken: '' },
        { tenantId: '10001', name: 'Pekáreň', accessToken: secretToken('kept') },
      ],
    });
    expect(await response.json()).toEqual({ stored: 1, skipped: 2 });
    const rows = (await storedRows()).filter((row) => row.userId === 'skip@example.sk');
    expect(rows.map((row) => row.tenantId)).toEqual(['10001']);
  });

  it('stores a token only for a company a recent launch of that user and plugin authorized', async () => {
    await launch(broker, { sub: 'scoped@example.sk', tenantIds: ['10001'] });
    const response = await deliver({
      userId: 'scoped@example.sk',
      pluginId: PLUGIN_ID,
      tokens: [
        { tenantId: '10001', name: 'authorized', accessToken: secretToken('ok') },
        { tenantId: '99999', name: 'never launched', accessToken: secretToken('smuggled') },
      ],
    });
    expect(await response.json()).toEqual({ stored: 1, skipped: 1 });
    // Another user's launch does not authorize this one.
    const other = await deliverOneFor10001('intruder@example.sk', 'intruder');
    expect(await other.json()).toEqual({ stored: 0, skipped: 1 });
  });

  it('does not accept a launch older than 15 minutes as authorization', async () => {
    await launch(broker, { sub: 'late@example.sk', tenantIds: ['10001'] });
    const db = await getDb();
    await db.execute(
      sql`update launch_codes set created_at = now() - interval '16 minutes' where user_id = 'late@example.sk'`,
    );
    const response = await deliverOneFor10001('late@example.sk', 'late');
    expect(await response.json()).toEqual({ stored: 0, skipped: 1 });
  });

  it('makes the next exchange answer requestAccessToken false once every company has a token', async () => {
    await launch(broker, { sub: 'complete@example.sk', tenantIds: ['10001'] });
    await deliverOneFor10001('complete@example.sk', 'complete');
    expect((await launch(broker, { sub: 'complete@example.sk', tenantIds: ['10001'] })).requestAccessToken).toBe(false);
    expect(
      (await launch(broker, { sub: 'complete@example.sk', tenantIds: ['10001', '10002'] })).requestAccessToken,
    ).toBe(true);
  });

  it('answers 400 when pluginId is not ours, and stores nothing', async () => {
    await launch(broker, { sub: 'wrongplugin@example.sk', tenantIds: ['10001'] });
    const response = await deliver({
      userId: 'wrongplugin@example.sk',
      pluginId: 'someone-else',
      tokens: [{ tenantId: '10001', name: 'x', accessToken: secretToken('wp') }],
    });
    expect(response.status).toBe(400);
    expect((await storedRows()).some((row) => row.userId === 'wrongplugin@example.sk')).toBe(false);
  });

  it.each([
    ['not JSON', 'nope'],
    ['tokens missing', JSON.stringify({ userId: USER, pluginId: PLUGIN_ID })],
    ['tokens not an array', JSON.stringify({ userId: USER, pluginId: PLUGIN_ID, tokens: 'x' })],
    ['userId missing', JSON.stringify({ pluginId: PLUGIN_ID, tokens: [] })],
    [
      'an entry without accessToken',
      JSON.stringify({ userId: USER, pluginId: PLUGIN_ID, tokens: [{ tenantId: '1' }] }),
    ],
  ])('answers 400 for a malformed body: %s', async (_label, rawBody) => {
    const { POST } = await import('@/app/api/auth/token-delivery/route');
    const { gatewayRequest } = await import('../support/broker');
    const response = await POST(gatewayRequest('/api/auth/token-delivery', { rawBody }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
  });

  it('answers 401 without the API key', async () => {
    const response = await deliver({ userId: USER, pluginId: PLUGIN_ID, tokens: [] }, { apiKey: null });
    expect(response.status).toBe(401);
  });
});
