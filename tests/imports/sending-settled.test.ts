import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ImportView } from '@/components/imports/import-view';
import { InvoiceImportView } from '@/components/imports/invoice-import-view';
import { importsTexts } from '@/lib/base/i18n/imports';
import { invoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import { moneyTexts } from '@/lib/base/i18n/money';
import { emptyLineCounts, importStateOf, type LineCounts } from '@/lib/base/imports/states';
import type { ImportPageData } from '@/lib/features/imports/import-page';
import type { InvoiceImportPageData } from '@/lib/features/imports/invoice-import-page';
import type { ImportDetail } from '@/lib/owners/imports/view';

/**
 * What an import's page says of sending, by one rule for statements and invoices alike (issue 31, point 4): while
 * lines are on their way, that they are being sent; once nothing is left to send, what happened ("15 payments
 * recorded in KROS"), with no send button and no "being sent" left over from the form that sent them; a send button
 * only while there are lines to send, never a greyed "Record 0".
 */

const TENANT = '10001';

function detailOf(kind: ImportDetail['kind'], given: Partial<LineCounts>): ImportDetail {
  const counts = { ...emptyLineCounts(), ...given };
  return {
    id: '0b7c3a52-4d1e-4c4f-9f55-8d0f0a1b2c3d',
    kind,
    fileName: kind === 'payments' ? 'vypis.xml' : 'faktury.xlsx',
    fileDigest: 'ab'.repeat(32),
    accountId: kind === 'payments' ? '7' : null,
    statementAccount: null,
    statementOwner: null,
    createdBy: 'jana.novakova@example.sk',
    createdAt: new Date('2026-06-16T08:30:00Z'),
    state: importStateOf(counts, false),
    stopReason: null,
    stoppedAt: null,
    counts,
    lines: [],
  };
}

const sending = (counts: LineCounts) => counts.queued + counts.sent > 0;

function statementPage(counts: Partial<LineCounts>, locale: 'sk' | 'en'): string {
  const detail = detailOf('payments', counts);
  const data: ImportPageData = {
    detail,
    lines: [],
    toRecord: detail.counts.ready > 0 ? [{ currency: 'EUR', amount: '12.5', count: detail.counts.ready }] : [],
    accounts: [],
    search: null,
    outcome: { outcome: 'queued', number: null, count: 0, by: null },
    inProgress: sending(detail.counts),
  };
  const texts = importsTexts[locale];
  return renderToStaticMarkup(
    createElement(ImportView, { data, tenantId: TENANT, texts, money: moneyTexts[locale], locale }),
  );
}

function invoicesPage(counts: Partial<LineCounts>, locale: 'sk' | 'en', overwritten = 0): string {
  const detail = detailOf('invoices', counts);
  const data: InvoiceImportPageData = {
    detail,
    lines: [],
    toSend: [],
    existing: 0,
    overwritten,
    failed: 0,
    outcome: { outcome: 'queued', count: 0 },
    inProgress: sending(detail.counts),
    ignoredColumns: [],
  };
  const texts = invoiceImportTexts[locale];
  return renderToStaticMarkup(createElement(InvoiceImportView, { data, tenantId: TENANT, texts, locale }));
}

const kinds = [
  {
    kind: 'a statement',
    page: statementPage,
    button: 'data-record=',
    texts: importsTexts,
    settled: { sk: '15 platieb je zaznamenaných vo Fakturácii.', en: '15 payments recorded in KROS.' },
  },
  {
    kind: 'invoices',
    page: invoicesPage,
    button: 'data-send=',
    texts: invoiceImportTexts,
    settled: { sk: '15 faktúr je vytvorených vo Fakturácii.', en: '15 invoices created in KROS.' },
  },
] as const;

describe.each(kinds)('the page of an import of $kind', ({ page, button, texts, settled }) => {
  it.each(['sk', 'en'] as const)('says what was recorded once everything was sent, nothing more (%s)', (locale) => {
    const html = page({ done: 15 }, locale);
    expect(html).toContain(`data-settled="15"`);
    expect(html).toContain(settled[locale]);
    expect(html).not.toContain(button);
    expect(html).not.toContain(texts[locale].outcomes.queued);
    expect(html).not.toContain('data-import-progress');
  });

  it.each(['sk', 'en'] as const)('says that lines are being sent while they are, with no button (%s)', (locale) => {
    const html = page({ queued: 3, done: 2 }, locale);
    expect(html).toContain(texts[locale].outcomes.queued);
    expect(html).toContain('data-import-progress="2/5"');
    expect(html).not.toContain(button);
    expect(html).not.toContain('data-settled');
  });

  it('offers the send button only while lines are ready, beside what was recorded already', () => {
    const html = page({ ready: 2, done: 3 }, 'en');
    expect(html).toContain(`${button}"2"`);
    expect(html).toContain('data-settled="3"');
    expect(html).not.toMatch(/<button[^>]* disabled=""/);
    expect(page({ excluded: 2 }, 'en')).not.toContain(button);
  });
});

describe('the page of an invoice import that overwrote invoices', () => {
  it.each([
    ['sk', '3 faktúry sú vytvorené alebo prepísané vo Fakturácii.'],
    ['en', '3 invoices created or overwritten in KROS.'],
  ] as const)('says they were created or overwritten, never only created (%s)', (locale, words) => {
    const html = invoicesPage({ done: 3 }, locale, 2);
    expect(html).toContain(words);
    expect(html).not.toContain(invoiceImportTexts[locale].summary.settled.few.replace('{count}', '3'));
  });
});
