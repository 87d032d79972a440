import { describe, expect, it } from 'vitest';

import { type ParsedWebhookPayload, parseWebhookPayload, type UploadPayload } from '@/lib/owners/webhooks/payload';
import { WEBHOOK_MAX_BODY_BYTES } from '@/lib/owners/webhooks/signature';

const raw = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');

/** The upload result a parse found, or undefined when it found something else. */
const uploadOf = (parsed: ParsedWebhookPayload): UploadPayload | undefined =>
  parsed.ok && parsed.kind === 'upload' ? parsed.payload : undefined;

describe('the upload-finished payload', () => {
  it('reads the minimal notification', () => {
    const parsed = parseWebhookPayload(raw({ requestId: '00000000-0000-0000-0000-000000000000', status: 200 }));
    expect(parsed).toEqual({
      ok: true,
      kind: 'upload',
      payload: { requestId: '00000000-0000-0000-0000-000000000000', status: 200 },
    });
  });

  it('reads a 200 with its entities and a 207 with problems', () => {
    const ok = parseWebhookPayload(
      raw({
        requestId: 'r-1',
        status: 200,
        apiUrl: 'https://api.example/api/invoices/{id}',
        results: {
          entities: [
            {
              data: { id: 123456789012, externalId: 'shop-1', documentNumber: 'FA0001', variableSymbol: '0001' },
              problems: [],
            },
          ],
          relatedEntities: [],
        },
      }),
    );
    expect(uploadOf(ok)?.results?.entities?.[0]?.data?.id).toBe(123456789012);

    const withProblems = parseWebhookPayload(
      raw({
        requestId: 'r-2',
        status: 207,
        apiUrl: null,
        results: {
          entities: [
            {
              data: {
                documentId: '3f0e2a4c-1111-2222-3333-444455556666',
                externalId: null,
                documentNumber: 'FA0002',
                variableSymbol: null,
              },
              problems: [{ code: 'Partner', message: 'Chýba IČO odberateľa.' }],
            },
            { data: null, problems: ['Položka „Čučoriedky“ nemá skladovú kartu.'] },
          ],
          relatedEntities: [{ type: 'partner', data: { id: 7 } }],
        },
      }),
    );
    const upload = uploadOf(withProblems);
    expect(upload?.status).toBe(207);
    const [first, second] = upload?.results?.entities ?? [];
    expect(first?.data?.documentId).toBe('3f0e2a4c-1111-2222-3333-444455556666');
    expect(first?.problems).toEqual([{ code: 'Partner', message: 'Chýba IČO odberateľa.' }]);
    expect(second?.problems).toEqual(['Položka „Čučoriedky“ nemá skladovú kartu.']);
    expect(upload?.results?.relatedEntities).toEqual([{ type: 'partner', data: { id: 7 } }]);
  });

  it('keeps unknown fields at every level', () => {
    const parsed = parseWebhookPayload(
      raw({
        requestId: 'r-3',
        status: 200,
        event: 'upload',
        results: { total: 1, entities: [{ kind: 'invoice', data: { id: 1, currency: 'EUR' } }] },
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      kind: 'upload',
      payload: {
        requestId: 'r-3',
        status: 200,
        event: 'upload',
        results: { total: 1, entities: [{ kind: 'invoice', data: { id: 1, currency: 'EUR' } }] },
      },
    });
  });

  it('refuses malformed JSON and bytes that are not UTF-8', () => {
    expect(parseWebhookPayload(raw('{"requestId":"r-4","status":200'))).toEqual({ ok: false });
    expect(parseWebhookPayload(raw(''))).toEqual({ ok: false });
    expect(parseWebhookPayload(raw('null'))).toEqual({ ok: false });
    expect(parseWebhookPayload(raw('[{"requestId":"r-4","status":200}]'))).toEqual({ ok: false });
    const notUtf8 = Buffer.concat([raw('{"requestId":"r-'), Buffer.from([0xff]), raw('","status":200}')]);
    expect(parseWebhookPayload(notUtf8)).toEqual({ ok: false });
  });

  it('refuses an upload result without its keys or with known fields of the wrong type', () => {
    // Carrying status, results or apiUrl makes an object an upload result; then its shape must hold.
    const refused = [
      { status: 200 },
      { requestId: '', status: 200 },
      { requestId: 5, status: 200 },
      { requestId: 'r-5', status: '200' },
      { requestId: 'r-5', status: 400 },
      { requestId: 'r-5', status: 200, apiUrl: 1 },
      { requestId: 'r-5', status: 200, results: [] },
      { requestId: 'r-5', status: 200, results: { entities: {} } },
      { requestId: 'r-5', status: 200, results: { entities: [{ data: { documentNumber: 17 } }] } },
      { requestId: 'r-5', status: 200, results: { entities: [{ data: { id: true } }] } },
      { requestId: 'r-5', status: 200, results: { entities: [{ problems: 'none' }] } },
      { requestId: 'r-5', status: 200, results: { relatedEntities: ['partner'] } },
    ];
    for (const body of refused) expect(parseWebhookPayload(raw(body)), JSON.stringify(body)).toEqual({ ok: false });
  });

  it('refuses a body over the limit without parsing it', () => {
    const padding = 'x'.repeat(WEBHOOK_MAX_BODY_BYTES);
    expect(parseWebhookPayload(raw({ requestId: 'r-6', status: 200, padding }))).toEqual({ ok: false });
    const atLimit = raw({ requestId: 'r-6', status: 200, padding: '' });
    const fill = 'x'.repeat(WEBHOOK_MAX_BODY_BYTES - atLimit.length);
    const exactly = raw({ requestId: 'r-6', status: 200, padding: fill });
    expect(exactly.length).toBe(WEBHOOK_MAX_BODY_BYTES);
    expect(parseWebhookPayload(exactly).ok).toBe(true);
    expect(parseWebhookPayload(Buffer.concat([exactly, raw(' ')]))).toEqual({ ok: false });
  });
});

describe('payment notifications', () => {
  const payment = {
    requestId: '6f1c1e0a-8a55-4a3b-9d0e-2f7d1c2b3a4e',
    eventType: 'FinancialTransaction',
    data: {
      documentNumber: 'FA2026/0007',
      variableSymbol: '20260007',
      dateOfPayment: '2026-07-22T00:00:00',
      sumOfPayment: 120.5,
      currency: 'EUR',
      partnerName: 'Pekáreň Novák s.r.o.',
      accountId: 3,
    },
  };

  it('are read as payments: a financial transaction and a document payment', () => {
    expect(parseWebhookPayload(raw(payment))).toEqual({ ok: true, kind: 'payment', payload: payment });
    const { accountId: _dropped, ...withoutAccount } = payment.data;
    const documentPayment = { ...payment, eventType: 'DocumentPayment', data: withoutAccount };
    expect(parseWebhookPayload(raw(documentPayment))).toEqual({ ok: true, kind: 'payment', payload: documentPayment });
  });

  it('recognise the event type however it is spelled', () => {
    for (const eventType of [
      'financialTransaction',
      'financial-transaction',
      'FINANCIAL_TRANSACTION',
      'DocumentPaymentCreated',
      'document.payment',
    ]) {
      const parsed = parseWebhookPayload(raw({ ...payment, eventType }));
      expect(parsed.ok && parsed.kind, eventType).toBe('payment');
    }
  });

  it('take every field as optional, nullable and of either scalar type, and keep unknown fields', () => {
    const sparse = {
      eventType: 'DocumentPayment',
      data: { sumOfPayment: '120.50', currency: null, accountId: 'acc-1', note: { x: 1 } },
      extra: true,
    };
    expect(parseWebhookPayload(raw(sparse))).toEqual({ ok: true, kind: 'payment', payload: sparse });
    expect(parseWebhookPayload(raw({ eventType: 'FinancialTransaction' }))).toEqual({
      ok: true,
      kind: 'payment',
      payload: { eventType: 'FinancialTransaction' },
    });
  });

  it('that do not fit the guessed shape are kept as "other", never refused', () => {
    const odd = { eventType: 'FinancialTransaction', data: [{ sumOfPayment: 1 }] };
    expect(parseWebhookPayload(raw(odd))).toEqual({ ok: true, kind: 'other', payload: odd });
    const nested = { eventType: 'DocumentPayment', data: { sumOfPayment: { value: 1 } } };
    expect(parseWebhookPayload(raw(nested))).toEqual({ ok: true, kind: 'other', payload: nested });
  });
});

describe('other notifications', () => {
  it('any other JSON object is kept as "other", as it came', () => {
    for (const body of [
      {},
      { requestId: 'r-7' },
      { requestId: 5 },
      { eventType: 'PartnerChanged', data: { id: 1 } },
      { type: 'ping' },
    ]) {
      expect(parseWebhookPayload(raw(body)), JSON.stringify(body)).toEqual({ ok: true, kind: 'other', payload: body });
    }
  });

  it('what is not a JSON object is refused', () => {
    for (const body of ['"text"', '42', 'true', '[]', 'null'])
      expect(parseWebhookPayload(raw(body)), body).toEqual({ ok: false });
  });
});
