import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDataApiClient, type DataApiClient } from '@/lib/service/client';
import { createMemoryBudget } from '@/lib/service/rate/memory-budget';
import { createTransport } from '@/lib/service/transport';

import type { Sandbox } from '../../sandbox/app';
import { maxRequestsInAnyWindow } from '../../sandbox/data-api/request-log';
import { rememberSecret } from '../support/log-capture';
import { startTestSandbox, TODAY } from '../support/sandbox';

/**
 * The client against the sandbox's data API in real time: every endpoint answers in a shape the client reads, the
 * filters it sends are the ones the service understands, and the service never sees more than it allows.
 */
let sandbox: Sandbox;
const clients = new Map<string, DataApiClient>();

function clientFor(tenantId: string, options: { retries?: number; maxQueueWaitMs?: number } = {}): DataApiClient {
  const key = `${tenantId}:${JSON.stringify(options)}`;
  let client = clients.get(key);
  if (!client) {
    const token = rememberSecret(sandbox.tokens.issue(tenantId, 'jana.novakova@example.sk'));
    client = createDataApiClient(
      createTransport({
        baseUrl: sandbox.url,
        token,
        budgetKey: `budget-${key}`,
        budget: createMemoryBudget(),
        backoffMs: 20,
        ...options,
      }),
    );
    clients.set(key, client);
  }
  return client;
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox?.close());

describe('the client against the sandbox’s data API', () => {
  it('reads invoices with filters and extended fields, paging with Top and Skip', async () => {
    const client = clientFor('10001');
    const overdue = await client.invoices.list({
      PaymentStatus: '0',
      DueDateStatus: '2',
      ExtendedFields: 'Items',
      Top: 20,
    });
    expect(overdue.length).toBeGreaterThan(0);
    for (const invoice of overdue) {
      expect(invoice.paymentStatus === 0 || invoice.paymentStatus === 3).toBe(true);
      expect(invoice.dueDate! < `${TODAY}T00:00:00`).toBe(true);
      expect(invoice.items?.length).toBeGreaterThan(0);
    }
    const first = await client.invoices.list({ Top: 10 });
    const second = await client.invoices.list({ Top: 10, Skip: 10 });
    expect(first).toHaveLength(10);
    expect(second.map((i) => i.id)).not.toContain(first[0]!.id);

    const detail = await client.invoices.get(first[0]!.id);
    expect(detail.id).toBe(first[0]!.id);
    expect(detail.vatBreakdowns?.length).toBeGreaterThan(0);
  });

  it('streams an invoice PDF and follows a preview link', async () => {
    const client = clientFor('10002');
    const [invoice] = await client.invoices.list({ Top: 1 });
    const pdf = await client.invoices.report(invoice!.id, 17);
    expect(pdf.contentType).toMatch(/^application\/pdf/);
    const bytes = new Uint8Array(await new Response(pdf.body).arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const link = await client.invoices.previewLink(invoice!.id, 19);
    expect((await fetch(link)).headers.get('content-type')).toMatch(/^application\/pdf/);
  });

  it('reads expenses of every type, one with its journal and attachments, and an attachment’s bytes', async () => {
    const client = clientFor('10004');
    const receipts = await client.expenses.list({ DocumentType: '11', Top: 100 });
    expect(receipts.every((e) => e.documentType === 11)).toBe(true);
    const withFiles = (await client.expenses.list({ Top: 100 })).find((e) => e.hasAttachments);
    const expense = await client.expenses.get(withFiles!.id);
    expect(expense.journalItems?.length).toBeGreaterThan(0);
    const [attachment] = await client.attachments.list(expense.id);
    const content = await client.attachments.content(expense.id, attachment!.id);
    const bytes = new Uint8Array(await new Response(content.body).arrayBuffer());
    expect(bytes.length).toBe(attachment!.size);
    expect(content.contentType).toBe(attachment!.contentType);
  });

  it('reads delivery notes, reference data, payments and catalog items', async () => {
    const client = clientFor('20001');
    const [note] = await client.deliveryNotes.list({ Top: 5 });
    expect((await client.deliveryNotes.get(note!.id)).items?.length).toBeGreaterThan(0);
    const pdf = await client.deliveryNotes.report(note!.id, 101);
    await pdf.body.cancel();
    expect((await client.numberingSequences.list()).some((s) => s.code)).toBe(true);
    expect((await client.warehouses.list()).length).toBeGreaterThan(0);
    const [account] = await client.paymentAccounts.list();
    expect(account?.id).toBeDefined();
    await client.payments.list({ AccountId: account!.id, Top: 5 });
    expect((await client.catalogItems.list({ Top: 5 })).length).toBe(5);
    await expect(client.auth.check()).resolves.toBe(true);
  });

  it('uploads, and meets 409 for the identical POST inside the duplicate window', async () => {
    const client = clientFor('10003');
    const invoice = {
      externalId: 'shop-7001',
      partner: { address: { businessName: 'Test s.r.o.' } },
      items: [{ name: 'Chlieb', amount: 2, measureUnit: 'ks', vatRate: 19, totalPriceInclVat: 4.52 }],
    };
    const accepted = await client.invoices.upload(invoice);
    expect(accepted.requestIds.length).toBeGreaterThan(0);
    await expect(client.invoices.upload(invoice)).rejects.toMatchObject({ kind: 'duplicate', status: 409 });
    // The service refuses a document it cannot read; the client says so without the service's explanation.
    await expect(client.invoices.upload({ externalId: 'shop-7002' })).rejects.toMatchObject({
      kind: 'rejected',
      status: 400,
    });
  });

  it.each([
    ['payment-required', 'payment-required'],
    ['forbidden', 'forbidden'],
    ['server-error', 'unavailable'],
    ['unauthorized', 'unauthorized'],
  ] as const)('maps the sandbox’s %s fault to %s', async (mode, kind) => {
    const client = clientFor('10002', { retries: 1 });
    sandbox.dataApi.setFault('10002', { mode });
    try {
      await expect(client.invoices.list({ Top: 1 })).rejects.toMatchObject({ kind });
    } finally {
      sandbox.dataApi.clearFaults();
    }
  });

  it('waits out a 429 and succeeds once the service lets it through', async () => {
    const client = clientFor('10001');
    sandbox.dataApi.setFault('10001', { mode: 'rate-limited', retryAfterSeconds: 1, count: 1 });
    const started = Date.now();
    await expect(client.invoices.list({ Top: 1 })).resolves.toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('never gets a token more than 3 requests in any second, even when 12 are asked for at once', async () => {
    sandbox.dataApi.resetRequests();
    const client = clientFor('10004', { maxQueueWaitMs: 30_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => client.invoices.list({ Top: 5, Skip: i })),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const seen = sandbox.dataApi.requests();
    expect(seen.every((r) => r.status === 200)).toBe(true);
    expect(maxRequestsInAnyWindow(seen, 1_000)).toBeLessThanOrEqual(3);
  });
});
