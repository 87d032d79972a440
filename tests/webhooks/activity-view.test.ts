import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ActivityEvent } from '@/components/activity-event';
import { WebhookReceiver } from '@/components/webhook-receiver';
import { activityTexts } from '@/lib/base/i18n/activity';
import type { ActivityEventView } from '@/lib/features/activity/page';
import { readStoredNotification } from '@/lib/owners/webhooks/present';

/** How one notification and the receiver address read on the activity page, in both languages. */

const receivedAt = new Date('2026-07-22T12:05:09Z');

const render = (event: Omit<ActivityEventView, 'key' | 'receivedAt'>, locale: 'sk' | 'en' = 'sk') =>
  renderToStaticMarkup(
    createElement(ActivityEvent, {
      event: { key: 'k', receivedAt, ...event },
      tenantId: '10001',
      texts: activityTexts[locale],
      locale,
    }),
  );

describe('a notification on the activity page', () => {
  it('shows an upload result: when, its requestId, OK or with problems, and each document with its problems', () => {
    const notification = readStoredNotification('upload', {
      requestId: 'a3f0c1d2-0001',
      status: 207,
      results: {
        entities: [
          { data: { documentNumber: 'FA2026/0041', externalId: 'shop-41', variableSymbol: '20260041' }, problems: [] },
          { data: { documentNumber: 'FA2026/0042' }, problems: [{ code: 'Partner', message: '<b>Chýba IČO</b>' }] },
        ],
      },
    });
    const html = render({ notification, sharedBy: [] });
    expect(html).toContain('22. 7. 2026 14:05:09'); // the company's clock (Europe/Bratislava, summer time)
    expect(html).toContain('a3f0c1d2-0001');
    expect(html).toContain(activityTexts.sk.status.problems);
    for (const text of ['FA2026/0041', 'shop-41', '20260041', 'FA2026/0042']) expect(html).toContain(text);
    expect(html).toContain('&lt;b&gt;Chýba IČO&lt;/b&gt;');
    expect(html).not.toContain('<b>');
    expect(
      render({ notification: readStoredNotification('upload', { requestId: 'r', status: 200 }), sharedBy: [] }, 'en'),
    ).toContain('Processed without problems');
  });

  it('shows a payment’s fields that were sent, and which kind of payment it was', () => {
    const notification = readStoredNotification('payment', {
      requestId: 'p-1',
      eventType: 'FinancialTransaction',
      data: {
        documentNumber: 'FA2026/0041',
        dateOfPayment: '2026-07-20T00:00:00',
        sumOfPayment: 1234.5,
        currency: 'EUR',
        partnerName: 'Pekáreň',
      },
    });
    const html = render({ notification, sharedBy: [] }, 'en');
    expect(html).toContain('Payment – financial transaction');
    for (const text of ['FA2026/0041', '20/07/2026', '€1,234.50', 'Pekáreň']) expect(html).toContain(text);
    expect(html).not.toContain('Account');
  });

  it('says the kind of payment in words, never the service’s event name, and links the document number', () => {
    for (const [eventType, sk, en] of [
      ['FinancialTransaction', 'Úhrada – finančná transakcia', 'Payment – financial transaction'],
      ['DocumentPayment', 'Úhrada dokladu', 'Document payment'],
    ] as const) {
      const notification = readStoredNotification('payment', {
        requestId: 'p-2',
        eventType,
        data: { documentNumber: 'FA2026/0041', sumOfPayment: 10 },
      });
      for (const [locale, words] of [
        ['sk', sk],
        ['en', en],
      ] as const) {
        const html = render({ notification, sharedBy: [] }, locale);
        expect(html).not.toContain(eventType);
        expect(html).toContain(`<dd class="text-slate-900">${words}</dd>`);
        // A payment names only the number: the invoices narrowed to it, where the one it pays is listed.
        expect(html).toMatch(
          /<a [^>]*href="\/companies\/10001\/invoices\?DocumentNumberFrom=FA2026%2F0041&amp;DocumentNumberTo=FA2026%2F0041"[^>]*>FA2026\/0041<\/a>/,
        );
      }
    }
  });

  it('links each uploaded document to its own page when the result names its id and kind', () => {
    const notification = readStoredNotification('upload', {
      requestId: 'u-1',
      status: 200,
      apiUrl: 'https://service.example/api/invoices/{id}',
      results: { entities: [{ data: { id: 4711, documentNumber: 'FA2026/0047' }, problems: [] }] },
    });
    expect(render({ notification, sharedBy: [] })).toMatch(
      /<a [^>]*href="\/companies\/10001\/invoices\/4711"[^>]*>FA2026\/0047<\/a>/,
    );
  });

  it('shows an unknown notification by its name and content, and says when companies share it', () => {
    const notification = readStoredNotification('other', { eventType: 'PartnerChanged', data: { id: 7 } });
    const html = render({ notification, sharedBy: ['Pekáreň (10001)', '10002'] });
    expect(html).toContain('PartnerChanged');
    expect(html).toContain('{&quot;eventType&quot;:&quot;PartnerChanged&quot;,&quot;data&quot;:{&quot;id&quot;:7}}');
    expect(html).toContain('Pekáreň (10001), 10002');
  });
});

describe('the receiver address on the activity page', () => {
  it('shows the address and whether a secret is stored, never the secret', () => {
    const texts = activityTexts.en;
    const ready = renderToStaticMarkup(
      createElement(WebhookReceiver, {
        receiver: {
          state: 'ready',
          address: 'https://addon.example.sk/api/webhooks/abc',
          hasSecret: true,
          sharedWith: ['20002'],
        },
        texts,
      }),
    );
    expect(ready).toContain('https://addon.example.sk/api/webhooks/abc');
    expect(ready).toContain(texts.receiver.secretStored);
    expect(ready).toContain('20002');
    const noSecret = renderToStaticMarkup(
      createElement(WebhookReceiver, {
        receiver: {
          state: 'ready',
          address: 'https://addon.example.sk/api/webhooks/abc',
          hasSecret: false,
          sharedWith: [],
        },
        texts,
      }),
    );
    expect(noSecret).toContain(texts.receiver.secretMissing);
    expect(
      renderToStaticMarkup(createElement(WebhookReceiver, { receiver: { state: 'no-connection' }, texts })),
    ).toContain(texts.receiver.noConnection);
  });
});
