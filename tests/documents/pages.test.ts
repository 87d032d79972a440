import { describe, expect, it } from 'vitest';

import { pageNumbers, pagerOf } from '@/lib/features/documents/pages';
import { parseListView } from '@/lib/service/records/list-view';

const path = '/companies/10001/invoices';

describe('the page numbers a pager shows', () => {
  it('shows every page of a short list', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('shows the first, the last and the neighbours of the current page, with gaps for the rest', () => {
    expect(pageNumbers(1, 800)).toEqual([1, 2, 3, 'gap', 800]);
    expect(pageNumbers(400, 800)).toEqual([1, 'gap', 399, 400, 401, 'gap', 800]);
    expect(pageNumbers(800, 800)).toEqual([1, 'gap', 798, 799, 800]);
    expect(pageNumbers(6, 12, 2)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
  });

  it('never puts a gap where one number would do', () => {
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageNumbers(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });

  it('keeps a current page outside the list within it, and shows nothing without pages', () => {
    expect(pageNumbers(0, 8)).toEqual([1, 2, 3, 'gap', 8]);
    expect(pageNumbers(99, 8)).toEqual([1, 'gap', 6, 7, 8]);
    expect(pageNumbers(1, 0)).toEqual([]);
    expect(pageNumbers(1, Number.NaN)).toEqual([]);
  });
});

describe('a list’s pager', () => {
  it('links the first, the last and nearby pages by Skip when the total is known, keeping the view', () => {
    const view = parseListView('invoices', { PaymentStatus: '0', Skip: '50' });
    const pager = pagerOf(path, view, 25, 20_000);
    expect(pager.first).toBe(`${path}?PaymentStatus=0`);
    expect(pager.last).toBe(`${path}?PaymentStatus=0&Skip=19975`);
    expect(pager.previous).toBe(`${path}?PaymentStatus=0&Skip=25`);
    expect(pager.next).toBe(`${path}?PaymentStatus=0&Skip=75`);
    expect(pager.pages).toEqual([
      { page: 1, href: `${path}?PaymentStatus=0`, current: false },
      { page: 2, href: `${path}?PaymentStatus=0&Skip=25`, current: false },
      { page: 3, href: `${path}?PaymentStatus=0&Skip=50`, current: true },
      { page: 4, href: `${path}?PaymentStatus=0&Skip=75`, current: false },
      'gap',
      { page: 800, href: `${path}?PaymentStatus=0&Skip=19975`, current: false },
    ]);
  });

  it('has no first link on the first page, no last link on the last', () => {
    expect(pagerOf(path, parseListView('invoices', {}), 25, 60)).toMatchObject({
      first: null,
      last: `${path}?Skip=50`,
    });
    expect(pagerOf(path, parseListView('invoices', { Skip: '50' }), 10, 60)).toMatchObject({
      first: path,
      last: null,
      next: null,
    });
  });

  it('marks no page as this one when Skip lies between two pages', () => {
    const pager = pagerOf(path, parseListView('invoices', { Skip: '30' }), 25, 100);
    expect(pager.pages.filter((page) => page !== 'gap' && page.current)).toEqual([]);
  });

  it('offers only previous and next when the total is not known (a live list)', () => {
    const pager = pagerOf(path, parseListView('invoices', { Skip: '25' }), 25);
    expect(pager).toMatchObject({ previous: path, next: `${path}?Skip=50`, first: null, last: null, pages: [] });
  });

  it('offers the page sizes, each on the page that holds the first record shown now', () => {
    const pager = pagerOf(path, parseListView('invoices', { Top: '50', Skip: '150' }), 50, 1_000);
    expect(pager.sizes).toEqual([
      { size: 25, href: `${path}?Skip=150`, current: false },
      { size: 50, href: `${path}?Top=50&Skip=150`, current: true },
      { size: 100, href: `${path}?Top=100&Skip=100`, current: false },
    ]);
  });
});

describe('the page size parameter (Top)', () => {
  it('takes only the sizes offered; anything else makes the view invalid, named, with the default size kept', () => {
    for (const top of ['9999', '101', '-1', '0', '30', 'abc', '25abc', '1e2', ' 50x', '２５']) {
      const view = parseListView('invoices', { Top: top });
      expect(view, `Top=${top}`).toMatchObject({ ok: false, invalid: ['Top'], top: 25 });
      // The pager of such a view still builds addresses with a size it offers.
      expect(pagerOf(path, view, 0, 100).sizes.map((size) => size.href)).toEqual([
        path,
        `${path}?Top=50`,
        `${path}?Top=100`,
      ]);
    }
    for (const top of ['25', '50', '100', ' 50 ']) expect(parseListView('invoices', { Top: top }).ok).toBe(true);
  });

  it('refuses a Skip past what the interface takes, and keeps the first page for the pager', () => {
    const view = parseListView('invoices', { Skip: '99999999999' });
    expect(view).toMatchObject({ ok: false, invalid: ['Skip'], skip: 0 });
  });
});
