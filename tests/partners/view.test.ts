import { describe, expect, it } from 'vitest';

import {
  asListView,
  isMalformedPartnerPage,
  parsePartnersView,
  partnerKeyFromAddress,
} from '@/lib/features/partners/view';
import { partnerKeyOf } from '@/lib/owners/mirror/partner-key';
import { listHref } from '@/lib/service/records/list-view';

/**
 * The partners list's address (lib/features/partners/view.ts): `q`, `sort`, `Top`, `Skip` as the document lists name
 * them; a value the list cannot mean is named, in order, and nothing is read (an unknown order is explained, not
 * silently the default). A statement's address carries the partner's key as the sync made it, URL-encoded.
 */
describe('the partners list’s view', () => {
  it('reads the default view from an empty address: A to Z, 25 a page, from the first', () => {
    expect(parsePartnersView({})).toEqual({
      q: '',
      sort: '',
      top: 25,
      skip: 0,
      ok: true,
      order: { key: 'name', descending: false },
    });
  });

  it('reads a search, an order either way, a page size and an offset', () => {
    expect(parsePartnersView({ q: 'Hruška', sort: '-overdue', Top: '50', Skip: '100' })).toEqual({
      q: 'Hruška',
      sort: '-overdue',
      top: 50,
      skip: 100,
      ok: true,
      order: { key: 'overdue', descending: true },
    });
    expect(parsePartnersView({ sort: ['receivables', 'name'] })).toMatchObject({
      ok: true,
      order: { key: 'receivables', descending: false },
    });
  });

  it('names every value it cannot mean, in the form’s order, and reads nothing', () => {
    const view = parsePartnersView({ Skip: '-1', Top: '7', sort: 'total', q: 'x'.repeat(101) });
    expect(view).toMatchObject({ ok: false, invalid: ['q', 'sort', 'Top', 'Skip'] });
    for (const sort of ['--name', 'Name', '-', 'receivables-', 'issueDate']) {
      expect(parsePartnersView({ sort }), sort).toMatchObject({ ok: false, invalid: ['sort'] });
    }
    for (const [name, value] of [
      ['q', 'a\u202eb'],
      ['q', 'a\u0000'],
      ['Top', '25.0'],
      ['Top', '0x19'],
      ['Skip', '1e3'],
      ['Skip', '2.5'],
    ]) {
      expect(parsePartnersView({ [name!]: value }), `${name}=${value}`).toMatchObject({ ok: false, invalid: [name] });
    }
  });

  it('writes its pages’ addresses as the document lists do (the shared pager), keeping search and order', () => {
    const view = asListView(parsePartnersView({ q: 'sro', sort: '-payables', Top: '50' }));
    expect(listHref('/companies/1/partners', view, { Skip: 50 })).toBe(
      '/companies/1/partners?q=sro&sort=-payables&Top=50&Skip=50',
    );
    expect(listHref('/companies/1/partners', view, { sort: 'name', Skip: undefined })).toBe(
      '/companies/1/partners?q=sro&sort=name&Top=50',
    );
  });
});

describe('a statement’s address', () => {
  it('carries the key the sync made, encoded or as Next hands it over decoded', () => {
    const byName = partnerKeyOf(null, 'Šťastný & syn, s.r.o.')!;
    expect(byName).toBe('name:stastnysynsro');
    for (const key of ['ico:36123456', byName, 'name:łódź2']) {
      expect(partnerKeyFromAddress(encodeURIComponent(key))).toBe(key);
      expect(partnerKeyFromAddress(key)).toBe(key);
    }
  });

  it('refuses what cannot be a key, and the proxy answers such an address 404', () => {
    for (const segment of [
      'somebody',
      'ico:12',
      'ico:1234567890123',
      'ico%3Aabc',
      'name%3A',
      'name:a b',
      '%E0%A4%A',
      'ico%253A36123456',
    ]) {
      expect(partnerKeyFromAddress(segment), segment).toBeNull();
      expect(isMalformedPartnerPage(`/companies/10001/partners/${segment}`), segment).toBe(true);
    }
    expect(isMalformedPartnerPage('/companies/10001/partners/ico%3A36123456')).toBe(false);
    // Not a statement's address: the list, its exports, a statement's exports (route handlers), other pages.
    for (const path of [
      '/companies/10001/partners',
      '/companies/10001/partners/export.csv',
      '/companies/10001/partners/ico%3A36123456/export.csv',
      '/companies/10001/invoices/abc',
    ]) {
      expect(isMalformedPartnerPage(path), path).toBe(false);
    }
  });
});
