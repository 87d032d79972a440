import { setTimeout as pause } from 'node:timers/promises';

import { describe, expect, it } from 'vitest';

import { readInvoiceDisplay } from '@/lib/base/imports/invoice-display';
import { overwroteExisting } from '@/lib/features/imports/invoice-import-page';
import { createImport } from '@/lib/owners/imports/create';
import { queueLines } from '@/lib/owners/imports/queue';
import { workOnImports } from '@/lib/owners/imports/sender';
import { importView, readImport } from '@/lib/owners/imports/view';
import { type Db, getDb } from '@/lib/platform/db/client';
import type { DataApiClient } from '@/lib/service/client';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { invoiceLines } from '../support/invoice-lines';
import { rememberSecret } from '../support/log-capture';
import { DIGEST, FAST, importsSandboxDuringTests, scopeOf } from './fixture';
import { webhookReceiverDuringTests } from './webhook-receiver';

/**
 * Sending an import of invoices (kind `invoices`, lines as a sheet's validation hands them over) through the same
 * machinery as payments, against the sandbox: batches to POST /api/invoices/batch, each invoice confirmed by the
 * upload-finished notification where the connection has a receiver, else by reading GET /api/invoices back; a
 * refused invoice (207) is a `problem` in the service's words; an invoice is never sent twice.
 */

const api = importsSandboxDuringTests();

/** The company's regular invoice sequence, as GET /api/numberingSequences lists it. */
async function regularSequence(client: DataApiClient): Promise<string> {
  const sequences = await client.numberingSequences.list();
  const regular = sequences.find((s) => s.evidence === 'invoices' && s.documentType === 0 && s.isDefault);
  return String(regular!.code);
}

/** The company's invoices at the sandbox whose externalId starts with `prefix`: how many per externalId. */
async function invoicesPerExternalId(tenantId: string, prefix: string): Promise<Map<string, number>> {
  const { client } = api.client(tenantId);
  const counts = new Map<string, number>();
  for (let skip = 0; ; skip += 100) {
    const page = await client.invoices.list({ Top: 100, ...(skip > 0 ? { Skip: skip } : {}) });
    for (const invoice of page) {
      const id = invoice.externalId;
      if (id?.startsWith(`${prefix}-`)) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    if (page.length < 100) return counts;
  }
}

async function invoiceImport(
  db: Db,
  tenantId: string,
  count: number,
  prefix: string,
  refused: ReadonlySet<number> = new Set(),
) {
  const scope = scopeOf(tenantId);
  const sequence = await regularSequence(api.client(tenantId).client);
  const lines = invoiceLines(count, prefix, { sequence, refused });
  const { id } = await createImport(db, scope, { kind: 'invoices', fileName: 'faktury.xlsx', digest: DIGEST, lines });
  return { scope, importId: id, sequence, lines };
}

const statesOf = async (db: Db, scope: ReturnType<typeof scopeOf>, importId: string) =>
  (await readImport(db, scope, importId))!.lines.map((line) => line.state);

describe('invoices confirmed by the upload-finished notification (through the webhook route)', () => {
  const SECRET = rememberSecret('invoice-imports-webhook-secret-Q8v1');
  const { connectWithReceiver } = webhookReceiverDuringTests(api, SECRET);

  it('confirms each invoice with the invoice the service created (its id and its number), without reading back', async () => {
    const db = await getDb();
    const { token } = await connectWithReceiver(db, '71001');
    const { scope, importId, sequence } = await invoiceImport(db, '71001', 3, 'inv-hook');
    await queueLines(db, scope, importId, 'all-ready');
    const { client } = api.client('71001', { token });
    const sent = await workOnImports(db, scope, {
      openClient: async () => client,
      settings: { ...FAST, firstCheckSeconds: 600 },
    });
    expect(sent.posted).toBe(1);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toEqual(['POST /api/invoices/batch']);
    await api.sandbox.webhooks.idle();

    const detail = (await readImport(db, scope, importId))!;
    expect(detail.lines.map((line) => line.state)).toEqual(['done', 'done', 'done']);
    const numbers = detail.lines.map((line) => line.document?.documentNumber);
    for (const number of numbers) expect(number).toMatch(new RegExp(`^${sequence}2026\\d{6}$`));
    // Numbered automatically, one after the other.
    expect(new Set(numbers).size).toBe(3);
    expect(detail.lines[0]!.result).toMatchObject({
      id: detail.lines[0]!.document!.id,
      variableSymbol: expect.any(String),
    });
    const invoice = await client.invoices.get(detail.lines[0]!.document!.id);
    expect(invoice).toMatchObject({ externalId: 'inv-hook-1', documentNumber: numbers[0] });
    expect(api.requestsOf(token).filter((r) => r.startsWith('GET'))).toEqual(['GET /api/invoices/' + invoice.id]);
    expect(importView(detail).state).toBe('done');
  });

  it(
    'an invoice sent over one of the same number overwrites it, and reads so; a new one reads created',
    { timeout: 120_000 },
    async () => {
      const db = await getDb();
      const { token } = await connectWithReceiver(db, '71003');
      const { client } = api.client('71003', { token });
      const [old] = (await client.invoices.list({ Top: 20 })).filter(
        (invoice) => invoice.documentNumber && invoice.invoiceType === 0,
      );
      const sequence = String(old!.numberingSequence);
      const [fresh, over] = invoiceLines(2, 'inv-over', { sequence });
      const overwriting = {
        ...over!,
        payload: { ...over!.payload!, documentNumber: old!.documentNumber },
        // What the sheet's validation writes when the company's mirror has the number.
        display: { ...over!.display!, documentNumber: old!.documentNumber, exists: { id: String(old!.id) } },
      };
      const scope = scopeOf('71003');
      const { id: importId } = await createImport(db, scope, {
        kind: 'invoices',
        fileName: 'prepis.xlsx',
        digest: DIGEST,
        lines: [fresh!, overwriting],
      });
      await queueLines(db, scope, importId, 'all-ready');
      await workOnImports(db, scope, { openClient: async () => client, settings: { ...FAST, firstCheckSeconds: 600 } });
      await api.sandbox.webhooks.idle();

      const detail = (await readImport(db, scope, importId))!;
      expect(detail.lines.map((line) => line.state)).toEqual(['done', 'done']);
      expect(detail.lines[1]!.document).toMatchObject({ id: String(old!.id), documentNumber: old!.documentNumber });
      const lines = detail.lines.map((line) => ({ ...line, facts: readInvoiceDisplay(line.display) }));
      expect(lines.map(overwroteExisting)).toEqual([false, true]);
      expect([...(await invoicesPerExternalId('71003', 'inv-over')).keys()].sort()).toEqual([
        'inv-over-1',
        'inv-over-2',
      ]);
    },
  );

  it('a 207 marks only the refused invoice `problem`, in the service’s words; it is not created', async () => {
    const db = await getDb();
    const { token } = await connectWithReceiver(db, '71002');
    const { scope, importId } = await invoiceImport(db, '71002', 3, 'inv-207', new Set([1]));
    await queueLines(db, scope, importId, 'all-ready');
    const { client } = api.client('71002', { token });
    await workOnImports(db, scope, { openClient: async () => client, settings: { ...FAST, firstCheckSeconds: 600 } });
    await api.sandbox.webhooks.idle();

    const delivery = api.sandbox.webhooks.deliveries().find((d) => d.tenantId === '71002');
    expect(delivery).toBeDefined();
    const view = importView((await readImport(db, scope, importId))!);
    expect(view.lines.map((line) => line.state)).toEqual(['done', 'problem', 'done']);
    expect(view.lines[1]!.problems).toEqual([expect.stringContaining("numbering sequence 'ZZZ' does not exist")]);
    expect(view.lines[1]!.document).toBeNull();
    expect(view.lines[0]!.document).not.toBeNull();
    expect(view.state).toBe('problems');
    expect([...(await invoicesPerExternalId('71002', 'inv-207')).keys()].sort()).toEqual(['inv-207-1', 'inv-207-3']);
  });
});

describe.each(databaseKinds)('sending invoices on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  let tenant = kind === 'pglite' ? 72000 : 73000;

  it('without a receiver: confirmed by reading GET /api/invoices back, one listing for the batch', async () => {
    const tenantId = String((tenant += 1));
    const { scope, importId } = await invoiceImport(database.db, tenantId, 120, 'inv-read');
    await queueLines(database.db, scope, importId, 'all-ready');
    const { client, token } = api.client(tenantId);
    const sent = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(sent).toMatchObject({ posted: 2, confirmed: 0 });
    expect(new Set(await statesOf(database.db, scope, importId))).toEqual(new Set(['sent']));

    const checked = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(checked).toMatchObject({ posted: 0, confirmed: 120 });
    const detail = (await readImport(database.db, scope, importId))!;
    expect(new Set(detail.lines.map((line) => line.state))).toEqual(new Set(['done']));
    const reads = api.requestsOf(token).filter((r) => r.startsWith('GET'));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.length).toBeLessThanOrEqual(3);
    expect(reads[0]).toMatch(/^GET \/api\/invoices\?.*LastModifiedTimestamp=/);
    expect(reads[0]).toContain('Top=100');
    expect(reads[1]).toContain('Skip=100');
    const counts = await invoicesPerExternalId(tenantId, 'inv-read');
    expect(counts.size).toBe(120);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const document = detail.lines[0]!.document!;
    const created = await api.client(tenantId).client.invoices.get(document.id);
    expect(created).toMatchObject({ externalId: 'inv-read-1', documentNumber: document.documentNumber });
  });

  it('an unknown fate (timeout after processing) is read back, and nothing is sent twice', async () => {
    const tenantId = String((tenant += 1));
    const { scope, importId } = await invoiceImport(database.db, tenantId, 3, 'inv-lost');
    await queueLines(database.db, scope, importId, 'all-ready');
    const { client, token } = api.client(tenantId);
    api.sandbox.dataApi.setFault(tenantId, { mode: 'timeout-after-processing', delayMs: 100, count: 1 });
    const first = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(first.posted).toBe(1);
    expect(await statesOf(database.db, scope, importId)).toEqual(['sent', 'sent', 'sent']);
    await pause(2_100); // past the batch's resend window (FAST: 2 s)
    const second = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(second).toMatchObject({ confirmed: 3, requeued: 0, posted: 0 });
    expect(await statesOf(database.db, scope, importId)).toEqual(['done', 'done', 'done']);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(1);
    expect([...(await invoicesPerExternalId(tenantId, 'inv-lost')).values()]).toEqual([1, 1, 1]);
  });

  it('a re-import of the same invoices (same externalIds) is `duplicate` and sends nothing', async () => {
    const tenantId = String((tenant += 1));
    const { scope, importId } = await invoiceImport(database.db, tenantId, 2, 'inv-again');
    await queueLines(database.db, scope, importId, 'all-ready');
    const { client, token } = api.client(tenantId);
    await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });

    const again = await invoiceImport(database.db, tenantId, 2, 'inv-again');
    expect(await statesOf(database.db, scope, again.importId)).toEqual(['duplicate', 'duplicate']);
    const view = importView((await readImport(database.db, scope, again.importId))!);
    expect(view.lines[0]!.externalId).toBe('inv-again-1');
    await queueLines(database.db, scope, again.importId, 'all-ready');
    const result = await workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });
    expect(result.posted).toBe(0);
    expect(api.requestsOf(token).filter((r) => r.startsWith('POST'))).toHaveLength(1);
    expect([...(await invoicesPerExternalId(tenantId, 'inv-again')).values()]).toEqual([1, 1]);
  });
});
