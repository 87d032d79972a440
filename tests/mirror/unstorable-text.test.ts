import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { storeAccessTokens } from '@/lib/owners/connections/store';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { receiveWebhook } from '@/lib/owners/webhooks/receive';
import { rowsOf } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';
import { getEnv } from '@/lib/platform/env';
import { invoiceSchema } from '@/lib/service/schemas/invoice';
import { signWebhookBody } from '@/sandbox/webhook-signer';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { capturedLogLines, rememberSecret } from '../support/log-capture';
import { mirrorSandboxDuringTests } from './mirror-fixture';

/**
 * Text the database cannot hold as it came: PostgreSQL and PGlite refuse U+0000 (text 22021, jsonb 22P05) and a lone
 * surrogate in jsonb (22P02). One such character in one record once failed every sync of its company, and a signed
 * notification holding one answered 500 until the service gave up. Now each is stored with U+FFFD in its place
 * (lib/platform/db/storable.ts), and a record the database still refuses is skipped and logged, never its whole page.
 */
describe.each(databaseKinds)('text the database cannot hold as it came, on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();
  const USER = 'jana.novakova@example.sk';

  async function connect(tenantId: string, webhook?: { webhookId: string; secret: string }) {
    const accessToken = rememberSecret(api.sandbox.tokens.issue(tenantId, USER));
    await storeAccessTokens(
      database.db,
      [{ userId: USER, tenantId, pluginId: PLUGIN_ID, accessToken, companyName: null, webhookSecret: webhook?.secret }],
      getEnv().encryptionKeys,
      { source: 'consent', webhookId: webhook?.webhookId },
    );
  }

  it('syncs a company whose invoice holds U+0000 and a lone surrogate, storing U+FFFD in their place', async () => {
    const tenantId = '10003';
    await api.connect(database.db, tenantId);
    // Uploaded as JSON text with the escapes, as any sender may write them: the service keeps what it was sent.
    const body = String.raw`{"data":{"partner":{"address":{"businessName":"Nula\u0000 a pol\ud800 s.r.o."}},
      "items":[{"name":"Rožok\udc00 \u0000","amount":1,"vatRate":19,"totalPriceInclVat":0.6}]}}`;
    const uploaded = await fetch(`${api.sandbox.url}/api/invoices`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${rememberSecret(api.sandbox.tokens.issue(tenantId, 'uploader'))}`,
        'content-type': 'application/json',
      },
      body,
    });
    expect(uploaded.status).toBe(202);

    const result = await syncCompany(database.db, api.company(tenantId), api.client(tenantId).client, 'auto');

    expect(result).toMatchObject({ status: 'ready', steps: ['full'] });
    const [row] = await database.db
      .select()
      .from(mirrorDocuments)
      .where(
        and(eq(mirrorDocuments.tenantId, tenantId), eq(mirrorDocuments.partnerName, 'Nula\uFFFD a pol\uFFFD s.r.o.')),
      );
    expect(row).toBeDefined();
    const record = row!.record as { items: { name: string }[] };
    expect(record.items[0]!.name).toBe('Rožok\uFFFD \uFFFD');
    expect(row!.searchText).toContain('rozok');
    expect((await api.listed(tenantId, 'invoices')).length).toBe(
      (
        await database.db
          .select()
          .from(mirrorDocuments)
          .where(and(eq(mirrorDocuments.tenantId, tenantId), eq(mirrorDocuments.kind, 'invoices')))
      ).length,
    );
  }, 60_000);

  it('skips and logs a record the database still refuses, and stores the rest of its page', async () => {
    const tenantId = '10004';
    const company = api.company(tenantId);
    const [first, second, third] = (await api.listed(tenantId, 'invoices'))
      .slice(0, 3)
      .map((record) => invoiceSchema.parse(record));
    // An amount no numeric column takes: what no sanitizing of text can mend.
    const refused = { ...documentRow('invoices', second!), totalExclVat: 'not a number' };
    const before = capturedLogLines.length;

    await database.db.transaction(async (tx) => {
      await upsertDocuments(tx, company, [documentRow('invoices', first!), refused, documentRow('invoices', third!)]);
    });

    const stored = await database.db
      .select({ id: mirrorDocuments.id })
      .from(mirrorDocuments)
      .where(eq(mirrorDocuments.tenantId, tenantId));
    expect(stored.map((row) => row.id).sort()).toEqual([String(first!.id), String(third!.id)].sort());
    const logged = capturedLogLines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'mirror record skipped: the database refused it',
        tenantId,
        kind: 'invoices',
        id: String(second!.id),
        sqlState: '22P02',
      }),
    );
  });

  it('stores a correctly signed notification holding \\ud800 and U+0000 (no more 500 and retries in vain)', async () => {
    const webhookId = 'unstorable-text-0123456789';
    const secret = rememberSecret('consent-webhook-secret-Unstorable1');
    await connect('10001', { webhookId, secret });
    const rawBody = String.raw`{"requestId":"5d1c0000-0000-4000-8000-00000000d800","status":207,
      "results":{"entities":[{"data":{"id":41,"documentNumber":"FA\ud800"},"problems":[{"code":"P","message":"x\u0000"}]}]}}`;

    const outcome = await receiveWebhook(
      database.db,
      { webhookId, rawBody: Buffer.from(rawBody), signature: signWebhookBody(secret, rawBody) },
      getEnv().encryptionKeys,
    );

    expect(outcome).toMatchObject({ ok: true, kind: 'upload', stored: true });
    const [event] = rowsOf<{ payload: { results: { entities: { data: { documentNumber: string } }[] } } }>(
      await database.db.execute(sql`select payload from webhook_events where webhook_id = ${webhookId}`),
    );
    expect(event!.payload.results.entities[0]!.data.documentNumber).toBe('FA\uFFFD');
  });
});
