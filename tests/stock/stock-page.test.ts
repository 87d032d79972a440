import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { StockMinimumCard } from '@/components/stock/stock-minimum-card';
import { StockShell } from '@/components/stock/stock-shell';
import { documentTexts } from '@/lib/base/i18n/documents';
import { stockTexts } from '@/lib/base/i18n/stock';
import { addressWithOutcome, minimumOutcomeOf } from '@/lib/features/stock/minimum-outcome';
import type { StockRow } from '@/lib/features/stock/queries/stock';
import { invalidOf, type StockPageData, stockStateOf } from '@/lib/features/stock/stock-page';
import { parseStockView, stockHref } from '@/lib/features/stock/view';
import type { MirrorStatus } from '@/lib/owners/mirror/status';

/**
 * The stock page's parts that hold no data of their own: its view from the address (contract.md: `warehouse`, `q`,
 * `sort`, `below`, `Top`, `Skip`), when its copy may be shown (else why not), the minimum form's outcome carried back
 * in the address, and the page drawn from them in both languages: items under their minimum marked, a refusal said
 * beside the item's field with what was typed.
 */

describe('the stock’s view from its address', () => {
  it('reads every parameter, and names the ones it cannot take', () => {
    const view = parseStockView({ q: 'chlieb', warehouse: 'HL', below: '1', sort: '-quantity', Top: '50', Skip: '50' });
    expect(view).toMatchObject({
      q: 'chlieb',
      warehouse: 'HL',
      below: true,
      sort: '-quantity',
      top: 50,
      skip: 50,
      filtered: true,
      canonical: null,
      invalid: [],
    });
    expect(stockHref('/companies/1/stock', view, { Skip: undefined })).toBe(
      '/companies/1/stock?q=chlieb&warehouse=HL&below=1&sort=-quantity&Top=50',
    );
    expect(
      parseStockView({ q: 'x'.repeat(101), below: 'yes', Top: '7', Skip: '-1', warehouse: 'H\u202eL' }).invalid,
    ).toEqual(['q', 'warehouse', 'below', 'Top', 'Skip']);
    // An order it does not know is the default, as on the document lists.
    expect(parseStockView({ sort: 'total' })).toMatchObject({ sort: '', invalid: [] });
  });

  it('tidies blank and repeated parameters, keeping any other', () => {
    expect(parseStockView({ q: '', warehouse: 'HL', below: '0', minimum: 'saved' }).canonical).toBe(
      'warehouse=HL&minimum=saved',
    );
    expect(parseStockView({ warehouse: ['HL', 'PRED'] }).canonical).toBe('warehouse=HL');
    expect(parseStockView({ warehouse: 'HL' }).canonical).toBeNull();
  });

  it('takes a warehouse of the company’s only', () => {
    const warehouses = [{ code: 'HL', name: 'Hlavný sklad' }];
    expect(invalidOf(parseStockView({ warehouse: 'HL' }), warehouses)).toEqual([]);
    expect(invalidOf(parseStockView({ warehouse: 'XY', Top: '7' }), warehouses)).toEqual(['warehouse', 'Top']);
  });
});

describe('what the minimum form did, carried back in the address', () => {
  it('replaces an earlier outcome and keeps the view', () => {
    const address = addressWithOutcome('/companies/1/stock', new URLSearchParams('q=a&minimum=saved&minimumItem=OLD'), {
      result: 'minimum-invalid',
      itemCode: 'A B/1',
      warehouse: 'HL',
      typed: '-1',
    });
    expect(address).toBe(
      '/companies/1/stock?q=a&minimum=minimum-invalid&minimumItem=A+B%2F1&minimumWarehouse=HL&minimumValue=-1',
    );
    const search = Object.fromEntries(new URL(address, 'http://x.invalid').searchParams);
    expect(minimumOutcomeOf(search)).toEqual({
      result: 'minimum-invalid',
      itemCode: 'A B/1',
      warehouse: 'HL',
      typed: '-1',
    });
  });

  it('reads only what the form writes', () => {
    expect(minimumOutcomeOf({ minimum: 'hacked', minimumItem: 'A' })).toBeNull();
    expect(minimumOutcomeOf({ minimum: 'saved', minimumItem: 'A', minimumValue: '5' })).toEqual({
      result: 'saved',
      itemCode: 'A',
      warehouse: '',
      typed: '',
    });
  });
});

const status = (patch: Partial<MirrorStatus>): MirrorStatus => ({
  status: 'ready',
  fullSyncedAt: new Date('2026-11-20T10:00:00Z'),
  lastSyncedAt: new Date('2026-11-20T10:00:00Z'),
  reconciledAt: null,
  progress: {
    invoices: { read: 10, done: true },
    expenses: { read: 10, done: true },
    deliveryNotes: { read: 10, done: true },
    catalogItems: { read: 40, done: true, whole: true },
  },
  lastError: null,
  nextTryAt: null,
  lastOpenedAt: null,
  syncAsked: false,
  ...patch,
});
const connected = { state: 'connected' as const };

describe('whether the copy may show the company’s stock', () => {
  it('once its catalog items were read whole, while the user’s own connection works', () => {
    expect(stockStateOf(status({}), connected)).toEqual({ kind: 'ready' });
    expect(stockStateOf(status({}), { state: 'invalid' })).toEqual({ kind: 'disconnected' });
    expect(stockStateOf(status({ status: 'stopped' }), connected)).toEqual({ kind: 'disconnected' });
  });

  it('before: being prepared, with how many are read; paused (402) when the service asks for its package', () => {
    const reading = status({
      progress: { ...status({}).progress, catalogItems: { read: 300, done: false } },
    });
    expect(stockStateOf(reading, connected)).toEqual({ kind: 'preparing', read: 300 });
    expect(stockStateOf({ ...reading, status: 'paused' }, connected)).toEqual({ kind: 'paused' });
    // A paused copy whose items were read whole is still shown (the bar says it is paused).
    expect(stockStateOf(status({ status: 'paused' }), connected)).toEqual({ kind: 'ready' });
    // A full sync of the documents that ended says nothing of the items, which came later.
    const documentsOnly = status({ progress: { ...status({}).progress, catalogItems: undefined } });
    expect(stockStateOf(documentsOnly, connected)).toEqual({ kind: 'preparing', read: 0 });
  });

  it('refused (404, 403) when the service does not give the company’s catalog items', () => {
    for (const refused of ['not-found', 'forbidden'] as const) {
      const refusing = status({
        progress: { ...status({}).progress, catalogItems: { read: 0, done: false, refused } },
      });
      expect(stockStateOf(refusing, connected)).toEqual({ kind: 'refused', refusal: refused });
    }
  });
});

const rows: StockRow[] = [
  {
    itemCode: 'CHL001',
    name: 'Chlieb kváskový',
    ean: '8581234500011',
    unit: 'ks',
    quantity: '42.5',
    quantities: { HL: '40', PRED: '2.5' },
    shown: '42.5',
    minimums: [{ warehouse: '', minimum: '50', below: true }],
    below: true,
  },
  {
    itemCode: 'ROZ010',
    name: 'Rožok',
    ean: null,
    unit: 'ks',
    quantity: '1000',
    quantities: { HL: '1000' },
    shown: '1000',
    minimums: [],
    below: false,
  },
];

function pageOf(search: Record<string, string>): StockPageData {
  const view = parseStockView(search);
  return {
    view,
    path: '/companies/10001/stock',
    href: stockHref('/companies/10001/stock', view, {}),
    state: { kind: 'ready' },
    mirror: status({}),
    warehouses: [
      { code: 'HL', name: 'Hlavný sklad' },
      { code: 'PRED', name: 'Predajňa' },
    ],
    invalid: [],
    list: { rows, sort: { key: 'itemCode', descending: false }, totals: { count: 2, below: 1 } },
    outcome: minimumOutcomeOf(search),
  };
}

const render = (page: StockPageData, locale: 'sk' | 'en') =>
  renderToStaticMarkup(
    createElement(StockShell, {
      page,
      tenantId: '10001',
      texts: stockTexts[locale],
      docs: documentTexts[locale],
      locale,
    }),
  );

/** The markup of one item's row. */
const rowOf = (html: string, itemCode: string) => {
  const start = html.indexOf(`data-item-code="${itemCode}"`);
  return html.slice(start, html.indexOf('</tr>', start));
};

describe('the stock page, drawn', () => {
  it('marks an item under its minimum and offers to set one for every item, in Slovak and English', () => {
    for (const [locale, mark, entry, set] of [
      ['sk', 'Pod minimom', 'Všetky sklady: 50 (pod minimom)', 'Nastaviť minimum'],
      ['en', 'Under minimum', 'All warehouses: 50 (under it)', 'Set a minimum'],
    ] as const) {
      const html = render(pageOf({}), locale);
      const under = rowOf(html, 'CHL001');
      expect(under).toContain('data-below="true"');
      expect(under).toContain(mark);
      expect(under).toContain(entry);
      expect(under).toContain('42,5'.replace(',', locale === 'sk' ? ',' : '.'));
      const fine = rowOf(html, 'ROZ010');
      expect(fine).toContain('data-below="false"');
      expect(fine).not.toContain(mark);
      expect(fine).toContain(set);
      // Its fields are drawn when it is opened (the page stays light: 100 rows would carry 100 forms).
      expect(fine).toContain('data-minimum-form="closed"');
      expect(fine).not.toContain('name="minimum"');
      expect(html).toContain('data-totals-below="1"');
      expect(html).toContain('href="/companies/10001/stock?below=1"');
      expect(html).toContain('href="/companies/10001/stock/export.xlsx"');
    }
  });

  it('says a refusal beside the item’s field, with what was typed, and stores nothing it says it stored', () => {
    const page = pageOf({
      warehouse: 'HL',
      minimum: 'minimum-invalid',
      minimumItem: 'ROZ010',
      minimumWarehouse: 'HL',
      minimumValue: '-5',
    });
    const html = render(page, 'sk');
    const row = rowOf(html, 'ROZ010');
    expect(row).toContain('<details open=""');
    // The form posts to the minimums' route and comes back to this very view.
    expect(row).toContain('action="/companies/10001/stock/minimums"');
    expect(row).toContain('name="back" value="/companies/10001/stock?warehouse=HL"');
    expect(row).toMatch(/aria-invalid="true"[^>]*value="-5"|value="-5"[^>]*aria-invalid="true"/);
    expect(row).toContain('role="alert"');
    expect(row).toContain('zadajte číslo od 0');
    expect(rowOf(html, 'CHL001')).not.toContain('role="alert"');
    // The view's own links never carry the outcome.
    expect(page.href).toBe('/companies/10001/stock?warehouse=HL');
  });

  it('says a refusal of an item not on the page above the list', () => {
    const html = render(pageOf({ minimum: 'item-unknown', minimumItem: 'NEEXISTUJE', minimumValue: '1' }), 'en');
    expect(html).toContain('data-minimum-error="item-unknown"');
    expect(html).toContain('the company has no item “NEEXISTUJE”');
  });

  it('says the stock is being prepared, or that the service refuses it, instead of the list', () => {
    const preparing = render({ ...pageOf({}), state: { kind: 'preparing', read: 120 }, list: null }, 'sk');
    expect(preparing).toContain('doteraz načítaných 120 položiek');
    expect(preparing).not.toContain('<table');
    const refused = render({ ...pageOf({}), state: { kind: 'refused', refusal: 'forbidden' }, list: null }, 'en');
    expect(refused).toContain('KROS does not give the add-on this company’s catalog items');
    expect(refused).toContain('“forbidden”');
    const english = render({ ...pageOf({}), state: { kind: 'preparing', read: 1 }, list: null }, 'en');
    expect(english).toContain('Preparing the copy of the company’s catalog items: 1 item read so far.');
    expect(english).toContain('The stock is shown once every item is copied.');
  });
});

describe('the overview’s card, drawn', () => {
  it('says how many items are under their minimum and leads to them, in both languages', () => {
    const card = { hasMinimums: true, below: 3, href: '/companies/10001/stock?below=1' };
    const sk = renderToStaticMarkup(createElement(StockMinimumCard, { card, texts: stockTexts.sk }));
    expect(sk).toContain('Položky pod minimom');
    expect(sk).toContain('Položky pod svojím minimom: 3');
    expect(sk).toContain('href="/companies/10001/stock?below=1"');
    const none = renderToStaticMarkup(
      createElement(StockMinimumCard, { card: { ...card, below: 0 }, texts: stockTexts.en }),
    );
    expect(none).toContain('No item is under its minimum.');
    expect(none).not.toContain('Show them in the stock');
  });
});
