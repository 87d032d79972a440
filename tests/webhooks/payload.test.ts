import { describe, expect, it } from 'vitest';
import { parseWebhookPayload } from '@/lib/webhooks/payload';
import { WEBHOOK_MAX_BODY_BYTES } from '@/lib/webhooks/signature';

const raw = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');

describe('the upload-finished payload', () => {
  it('reads the minimal notification', () => {
    const parsed = parseWebhookPayload(raw({ requestId: '00000000-0000-0000-0000-000000000000', status: 200 }));
    expect(parsed).toEqual({ ok: true, payload: { requestId: '00000000-0000-0000-0000-000000000000', status: 200 } });
  });

  it('reads a 200 with its entities and a 207 with problems', () => {
    const ok = parseWebhookPayload(
      raw({
        requestId: 'r-1',
        status: 200,
        apiUrl: 'https://api.example/api/invoices/{id}',
        results: {
          entities: [{ data: { id: 123456789012, externalId: 'shop-1', documentNumber: 'FA0001', variableSymbol: '0001' }, problems: [] }],
          relatedEntities: [],
        },
      }),
    );
    expect(ok.ok && ok.payload.results?.entities?.[0]?.data?.id).toBe(123456789012);

    const withProblems = parseWebhookPayload(
      raw({
        requestId: 'r-2',
        status: 207,
        apiUrl: null,
        results: {
          entities: [
            { data: { documentId: '3f0e2a4c-1111-2222-3333-444455556666', externalId: null, documentNumber: 'FA0002', variableSymbol: null }, problems: [{ code: 'Partner', message: 'Chýba IČO odberateľa.' }] },
            { data: null, problems: ['Položka „Čučoriedky“ nemá skladovú kartu.'] },
          ],
          relatedEntities: [{ type: 'partner', data: { id: 7 } }],
        },
      }),
    );
    expect(withProblems.ok).toBe(true);
    if (!withProblems.ok) return;
    expect(withProblems.payload.status).toBe(207);
    const [first, second] = withProblems.payload.results?.entities ?? [];
    expect(first?.data?.documentId).toBe('3f0e2a4c-1111-2222-3333-444455556666');
    expect(first?.problems).toEqual([{ code: 'Partner', message: 'Chýba IČO odberateľa.' }]);
    expect(second?.problems).toEqual(['Položka „Čučoriedky“ nemá skladovú kartu.']);
    expect(withProblems.payload.results?.relatedEntities).toEqual([{ type: 'partner', data: { id: 7 } }]);
  });

  it('keeps unknown fields at every level', () => {
    const parsed = parseWebhookPayload(
      raw({ requestId: 'r-3', status: 200, event: 'upload', results: { total: 1, entities: [{ kind: 'invoice', data: { id: 1, currency: 'EUR' } }] } }),
    );
    expect(parsed).toEqual({
      ok: true,
      payload: { requestId: 'r-3', status: 200, event: 'upload', results: { total: 1, entities: [{ kind: 'invoice', data: { id: 1, currency: 'EUR' } }] } },
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

  it('refuses a payload without its keys or with known fields of the wrong type', () => {
    const refused = [
      { status: 200 },
      { requestId: 'r-5' },
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
  });
});
