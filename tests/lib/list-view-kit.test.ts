import { describe, expect, it } from 'vitest';

import { searchParamsOf } from '@/lib/base/http/search-params';
import { sortParser } from '@/lib/base/list-sort';
import * as kit from '@/lib/service/records/list-view-kit';

const params = (query: string) => searchParamsOf(new URLSearchParams(query));

describe('the sort parser over a list’s keys', () => {
  const sorts = sortParser(['date', 'amount'], { key: 'date', descending: true });

  it('reads a key, a leading "-" descending, and writes the same parameter back', () => {
    expect(sorts.named('-amount')).toEqual({ key: 'amount', descending: true });
    expect(sorts.named('amount')).toEqual({ key: 'amount', descending: false });
    expect(sorts.param({ key: 'amount', descending: true })).toBe('-amount');
    expect(sorts.param({ key: 'date', descending: false })).toBe('date');
  });

  it('names nothing for an unknown key, a blank or a repeated "-"; the lenient reading is then the default', () => {
    for (const value of ['', '-', '--amount', 'Amount', 'total']) {
      expect(sorts.named(value)).toBeNull();
      expect(sorts.parse(value)).toEqual({ sort: { key: 'date', descending: true }, explicit: false });
      expect(sorts.kept(value)).toBe('');
    }
    expect(sorts.parse(undefined)).toEqual({ sort: sorts.defaultSort, explicit: false });
    expect(sorts.parse(null)).toEqual({ sort: sorts.defaultSort, explicit: false });
    expect(sorts.parse('amount')).toEqual({ sort: { key: 'amount', descending: false }, explicit: true });
    expect(sorts.kept('-amount')).toBe('-amount');
  });
});

describe('the view-parsing kit', () => {
  it('reads q as typed, the other shared parameters trimmed, the first of a repeated one', () => {
    expect(kit.listParameters(params('q=%20a%20&sort=%20-amount%20&Top=50&Top=100&Skip=%2025'))).toEqual({
      q: ' a ',
      sort: '-amount',
      top: '50',
      skip: '25',
    });
    expect(kit.listParameters(params(''))).toEqual({ q: '', sort: '', top: '', skip: '' });
  });

  it('checks the shared parameters alike: controls in the checked names, an overlong q, a size not offered', () => {
    const read = kit.readListParameters(params(`q=${'x'.repeat(101)}&Top=30&Skip=%0A1&sort=%E2%80%AEname`), [
      'q',
      'Skip',
    ]);
    expect(read.top).toBeNull();
    expect([...read.refused].sort()).toEqual(['Skip', 'Top', 'q']);
    expect(kit.readListParameters(params('Top=100&sort=-amount'), ['q']).refused.size).toBe(0);
  });

  it('keeps each filter as typed and the set ones trimmed', () => {
    expect(kit.filterValues(['From', 'To'], params('From=%202026-01-01%20&To=%20'))).toEqual({
      values: { From: ' 2026-01-01 ', To: ' ' },
      set: { From: '2026-01-01' },
    });
  });

  it('takes only an offered page size as written, and a plain whole offset', () => {
    expect(kit.pageSizeOf('')).toBe(kit.DEFAULT_PAGE_SIZE);
    expect(kit.pageSizeOf('50')).toBe(50);
    for (const top of ['0x19', '25.0', '30', '-25']) expect(kit.pageSizeOf(top)).toBeNull();
    expect(kit.plainSkipOf('')).toBe(0);
    expect(kit.plainSkipOf('75')).toBe(75);
    for (const skip of ['-1', '1e3', '1.5', '1234567890']) expect(kit.plainSkipOf(skip)).toBeNull();
    expect(kit.pageOf(50, '75', [])).toEqual({ top: 50, skip: 75 });
    expect(kit.pageOf(null, '-1', ['Top', 'Skip'])).toEqual({ top: kit.DEFAULT_PAGE_SIZE, skip: 0 });
    expect(kit.pageOf(100, '', ['q'])).toEqual({ top: 100, skip: 0 });
  });

  it('refuses control and bidi characters and an overlong search, named in the form’s order', () => {
    expect(kit.withControlOrBidi(params('q=a%09b&From=%E2%80%AEx&To=ok'), ['q', 'From', 'To'])).toEqual(['q', 'From']);
    expect(kit.isSearchTooLong('x'.repeat(100))).toBe(false);
    expect(kit.isSearchTooLong('x'.repeat(101))).toBe(true);
    expect(kit.inFormOrder(['q', 'From', 'Top', 'Skip'], ['Skip', 'q', 'Skip'])).toEqual(['q', 'Skip']);
  });

  it('tidies an address of blank or repeated list parameters, carrying any other as it came', () => {
    expect(kit.canonicalSearch(['From'], params('From=2026-01-01&q=a&sort=-amount&Top=50&Skip=50'))).toBeNull();
    expect(kit.canonicalSearch(['From'], params('From=&q=a&other=&other=x'))).toBe('q=a&other=&other=x');
    expect(kit.canonicalSearch(['From'], params('q=a&q=b'))).toBe('q=a');
    const belowZeroIsBlank = (name: string, value: string) => name === 'below' && value === '0';
    expect(kit.canonicalSearch(['below'], params('below=0&q=a'), belowZeroIsBlank)).toBe('q=a');
    expect(kit.canonicalSearch(['below'], params('below=1'), belowZeroIsBlank)).toBeNull();
  });
});
