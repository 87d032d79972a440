import { describe, expect, it } from 'vitest';

import { documentTexts } from '@/lib/base/i18n/documents';
import { filterFieldsFor, sequenceOptions } from '@/lib/features/documents/filter-fields';
import { mirrorViewOf } from '@/lib/features/documents/mirror-view';
import { listHref, pagingLinks, parseListView, tidyListSearch } from '@/lib/service/records/list-view';
import { SEARCH_MAX_LENGTH } from '@/lib/service/records/list-view-kit';

describe('a list view from the URL', () => {
  it('keeps valid filters under the interface names and sends them with Top (25 by default)', () => {
    const view = parseListView('invoices', {
      IssueDateFrom: '2026-07-01',
      IssueDateTo: '2026-07-31',
      PaymentStatus: '0',
      NumberingSequence: 'FA',
    });
    expect(view.ok).toBe(true);
    if (!view.ok) return;
    expect(view.query).toEqual({
      IssueDateFrom: '2026-07-01',
      IssueDateTo: '2026-07-31',
      PaymentStatus: '0',
      NumberingSequence: 'FA',
      Top: '25',
    });
    expect(view).toMatchObject({ top: 25, skip: 0, filtered: true, canonical: null });
    expect(view.values.IssueDateFrom).toBe('2026-07-01');
    expect(view.values.OrderNumber).toBe('');
  });

  it('pages with Top from 25/50/100 and Skip', () => {
    const view = parseListView('expenses', { Top: '50', Skip: '100' });
    expect(view).toMatchObject({ ok: true, top: 50, skip: 100, filtered: false, query: { Top: '50', Skip: '100' } });
  });

  it('names invalid fields in form order, sends nothing, and never echoes values', () => {
    const view = parseListView('invoices', {
      OrderNumber: 'x'.repeat(21),
      IssueDateFrom: '2026-13-01',
      PaymentStatus: '3',
      Top: '7',
    });
    expect(view.ok).toBe(false);
    if (view.ok) return;
    expect(view.invalid).toEqual(['IssueDateFrom', 'PaymentStatus', 'OrderNumber', 'Top']);
    expect(view).not.toHaveProperty('query');
    // The form still shows what was typed, so it can be corrected.
    expect(view.values.IssueDateFrom).toBe('2026-13-01');
  });

  it('refuses control and bidi characters in any filter, even where trimming would have hidden them', () => {
    for (const text of ['\u0000', 'FA\u0000', '\ufeffFA', 'FA\u202e', '\u2066FA', 'FA\u200f', 'FA\u0085', 'FA\t']) {
      expect(parseListView('invoices', { NumberingSequence: text }), JSON.stringify(text)).toMatchObject({
        ok: false,
        invalid: ['NumberingSequence'],
      });
    }
    expect(parseListView('expenses', { IssueDateFrom: '2026-07-01\u200e', Top: '25' })).toMatchObject({
      ok: false,
      invalid: ['IssueDateFrom'],
    });
    expect(parseListView('deliveryNotes', { DocumentNumberTo: 'DL\u202a1' })).toMatchObject({
      ok: false,
      invalid: ['DocumentNumberTo'],
    });
  });

  it('takes Top and Skip in plain digits only', () => {
    expect(parseListView('invoices', { Top: '0x19' })).toMatchObject({ ok: false, invalid: ['Top'] });
    expect(parseListView('invoices', { Top: '25.0' })).toMatchObject({ ok: false, invalid: ['Top'] });
    expect(parseListView('invoices', { Skip: '1e2' })).toMatchObject({ ok: false, invalid: ['Skip'] });
    expect(parseListView('invoices', { Skip: '0x19' })).toMatchObject({ ok: false, invalid: ['Skip'] });
    expect(parseListView('invoices', { TotalPriceInclVatFrom: '1e3' }).ok).toBe(true); // not an invoice filter: ignored
    expect(parseListView('expenses', { TotalPriceInclVatFrom: '1e3' })).toMatchObject({
      ok: false,
      invalid: ['TotalPriceInclVatFrom'],
    });
    expect(parseListView('expenses', { TotalPriceInclVatFrom: '-12.50', Skip: '50' }).ok).toBe(true);
  });

  it('asks for document numbers in upper case, whatever case was typed, and shows them as typed', () => {
    const view = parseListView('invoices', { DocumentNumberFrom: 'fa2026000100', DocumentNumberTo: 'Fa2026000200' });
    expect(view).toMatchObject({
      ok: true,
      query: { DocumentNumberFrom: 'FA2026000100', DocumentNumberTo: 'FA2026000200' },
    });
    expect(view.values.DocumentNumberFrom).toBe('fa2026000100');
    // Case does not decide the order either: fa… before FB… is a valid range.
    expect(parseListView('deliveryNotes', { DocumentNumberFrom: 'fb1', DocumentNumberTo: 'FA1' })).toMatchObject({
      ok: false,
      invalid: ['DocumentNumberTo'],
    });
    expect(parseListView('deliveryNotes', { DocumentNumberFrom: 'fa1', DocumentNumberTo: 'FB1' }).ok).toBe(true);
  });

  it('completes a document-number range given by one end within that number’s series', () => {
    expect(parseListView('invoices', { DocumentNumberFrom: 'OF2026000100' })).toMatchObject({
      ok: true,
      query: { DocumentNumberFrom: 'OF2026000100', DocumentNumberTo: 'OF999999999999999999' },
    });
    expect(parseListView('deliveryNotes', { DocumentNumberTo: 'dl2026000050' })).toMatchObject({
      ok: true,
      query: { DocumentNumberFrom: 'DL', DocumentNumberTo: 'DL2026000050' },
    });
    expect(parseListView('invoices', { DocumentNumberTo: '2026/0041' })).toMatchObject({
      ok: true,
      query: { DocumentNumberFrom: '0' },
    });
    // The form shows only what was typed: the completed end is not put into the address.
    expect(parseListView('invoices', { DocumentNumberFrom: 'OF2026000100' }).values.DocumentNumberTo).toBe('');
  });

  it('reports a range that starts after it ends on its "to" field', () => {
    const view = parseListView('expenses', {
      DueDateFrom: '2026-08-01',
      DueDateTo: '2026-07-01',
      TotalPriceInclVatFrom: '500',
      TotalPriceInclVatTo: '100',
    });
    expect(view).toMatchObject({ ok: false, invalid: ['DueDateTo', 'TotalPriceInclVatTo'] });
  });

  it('checks what only one list allows: DocumentType for expenses, short sequence codes for invoices', () => {
    expect(parseListView('expenses', { DocumentType: '14' })).toMatchObject({ ok: false, invalid: ['DocumentType'] });
    expect(parseListView('expenses', { DocumentType: '17' }).ok).toBe(true);
    expect(parseListView('invoices', { NumberingSequence: 'TOOLONG' })).toMatchObject({
      ok: false,
      invalid: ['NumberingSequence'],
    });
    expect(parseListView('expenses', { NumberingSequence: 'TOOLONG' }).ok).toBe(true);
    expect(parseListView('deliveryNotes', { PaymentStatus: '0' })).toMatchObject({ ok: true, filtered: false });
  });

  it('accepts the datetime-local value without seconds and sends it with them', () => {
    const view = parseListView('deliveryNotes', { LastModifiedTimestamp: '2026-07-01T10:15' });
    expect(view).toMatchObject({ ok: true, query: { LastModifiedTimestamp: '2026-07-01T10:15:00' } });
    expect(view.values.LastModifiedTimestamp).toBe('2026-07-01T10:15');
  });

  it('treats blanks as unset and asks for a tidy URL without them (or repeats)', () => {
    const view = parseListView('invoices', {
      IssueDateFrom: '',
      OrderNumber: 'OBJ-1',
      Top: '',
      DueDateStatus: ['1', '2'],
    });
    expect(view).toMatchObject({
      ok: true,
      filtered: true,
      query: { OrderNumber: 'OBJ-1', DueDateStatus: '1', Top: '25' },
    });
    expect(view.canonical).toBe('OrderNumber=OBJ-1&DueDateStatus=1');
    expect(parseListView('invoices', { IssueDateFrom: '' }).canonical).toBe('');
    expect(parseListView('invoices', { OrderNumber: 'OBJ-1' }).canonical).toBeNull();
  });

  it('ignores parameters that are not filters of this list', () => {
    const view = parseListView('deliveryNotes', { DocumentType: '10', utm: 'x' });
    expect(view).toMatchObject({ ok: true, filtered: false, query: { Top: '25' } });
  });
});

describe('the search box and the sort of a list view', () => {
  const path = '/companies/10001/invoices';

  it('carries q as typed and a known sort, and leaves both out of the query the service would be sent', () => {
    const view = parseListView('invoices', { q: ' Hruška ', sort: '-total', PaymentStatus: '0' });
    expect(view).toMatchObject({ ok: true, q: ' Hruška ', sort: '-total', filtered: true });
    expect(view.ok && view.query).toEqual({ PaymentStatus: '0', Top: '25' });
    if (!view.ok) throw new Error('the view should be valid');
    expect(mirrorViewOf<'invoices'>(view)).toEqual({
      q: ' Hruška ',
      sort: '-total',
      filters: { PaymentStatus: '0' },
      top: 25,
      skip: 0,
    });
  });

  it('a search alone is not a filter (the filter form stays closed)', () => {
    expect(parseListView('invoices', { q: 'novak' })).toMatchObject({ ok: true, filtered: false });
  });

  it('ignores a sort it does not know, and refuses a search with control characters or longer than 100', () => {
    expect(parseListView('invoices', { sort: 'price' })).toMatchObject({ ok: true, sort: '' });
    expect(parseListView('invoices', { sort: '--total' })).toMatchObject({ ok: true, sort: '' });
    expect(parseListView('invoices', { q: 'a\u202Eb' })).toMatchObject({ ok: false, invalid: ['q'] });
    expect(parseListView('invoices', { q: 'x'.repeat(SEARCH_MAX_LENGTH + 1) })).toMatchObject({
      ok: false,
      invalid: ['q'],
    });
    expect(parseListView('invoices', { q: 'x'.repeat(SEARCH_MAX_LENGTH) }).ok).toBe(true);
  });

  it('drops a blank search or sort from the address, and keeps both in the list’s links', () => {
    expect(tidyListSearch('invoices', { q: ' ', sort: '', Top: '50' })).toBe('Top=50');
    const view = parseListView('invoices', { q: 'novak', sort: 'partner', Skip: '25' });
    expect(listHref(path, view, { Skip: undefined })).toBe(`${path}?q=novak&sort=partner`);
    expect(listHref(path, view, { sort: '-total', Skip: undefined })).toBe(`${path}?q=novak&sort=-total`);
  });
});

describe('paging links', () => {
  const path = '/companies/10001/invoices';

  it('offers "next" only after a full page and "previous" only after a skip, keeping the filters', () => {
    const first = parseListView('invoices', { PaymentStatus: '0' });
    expect(pagingLinks(path, first, 25)).toEqual({ previous: null, next: `${path}?PaymentStatus=0&Skip=25` });
    expect(pagingLinks(path, first, 24)).toEqual({ previous: null, next: null });

    const third = parseListView('invoices', { PaymentStatus: '0', Top: '50', Skip: '100' });
    expect(pagingLinks(path, third, 50)).toEqual({
      previous: `${path}?PaymentStatus=0&Top=50&Skip=50`,
      next: `${path}?PaymentStatus=0&Top=50&Skip=150`,
    });
    const second = parseListView('invoices', { Skip: '25' });
    expect(pagingLinks(path, second, 3).previous).toBe(path);
  });

  it('offers "next" exactly while records remain when the mirror counted them', () => {
    const view = parseListView('invoices', { Skip: '25' });
    expect(pagingLinks(path, view, 25, 50).next).toBeNull();
    expect(pagingLinks(path, view, 25, 51).next).toBe(`${path}?Skip=50`);
    expect(pagingLinks(path, parseListView('invoices', {}), 10, 10)).toEqual({ previous: null, next: null });
  });

  it('builds a link with one parameter changed or removed', () => {
    const view = parseListView('invoices', { OrderNumber: 'A B', Skip: '25' });
    expect(listHref(path, view, { Skip: undefined })).toBe(`${path}?OrderNumber=A+B`);
  });
});

describe('the filter form', () => {
  const sk = documentTexts.sk;

  it('has a control for every filter of GET /api/invoices, named as the interface names it', () => {
    const fields = filterFieldsFor('invoices', sk, []);
    expect(fields.map((f) => [f.name, f.type])).toEqual([
      ['IssueDateFrom', 'date'],
      ['IssueDateTo', 'date'],
      ['DeliveryDateFrom', 'date'],
      ['DeliveryDateTo', 'date'],
      ['PaymentStatus', 'select'],
      ['DueDateStatus', 'select'],
      ['NumberingSequence', 'text'],
      ['DocumentNumberFrom', 'text'],
      ['DocumentNumberTo', 'text'],
      ['OrderNumber', 'text'],
      ['LastModifiedTimestamp', 'datetime-local'],
    ]);
  });

  it('names the expense document types in words', () => {
    const type = filterFieldsFor('expenses', documentTexts.en, null).find((f) => f.name === 'DocumentType');
    expect(type).toMatchObject({
      type: 'select',
      options: [
        { value: '10', label: 'Received invoice' },
        { value: '11', label: 'Receipt' },
        { value: '13', label: 'Internal document' },
        { value: '15', label: 'Received proforma invoice' },
        { value: '17', label: 'Received credit note' },
        { value: '19', label: 'Received debit note' },
      ],
    });
  });

  it('offers the numbering sequences of the list as a select, skipping codes the filter cannot take', () => {
    const sequences = [
      { id: 1, code: 'FA', name: 'Faktúry', evidence: 'invoices' },
      { id: 2, code: 'DL', name: 'Dodacie listy', evidence: 'deliveryNotes' },
      { id: 3, code: 'TOOLONG', name: 'Dlhý kód' },
      { id: 4, code: 'OD', name: null },
      { id: 5, code: 'FA', name: 'Duplicate' },
    ];
    expect(sequenceOptions('invoices', sequences)).toEqual([
      { value: 'FA', label: 'FA – Faktúry' },
      { value: 'OD', label: 'OD' },
    ]);
    // A sequence that does not say its book is offered everywhere.
    expect(sequenceOptions('expenses', sequences).map((o) => o.label)).toEqual([
      'FA – Duplicate',
      'OD',
      'TOOLONG – Dlhý kód',
    ]);
    expect(filterFieldsFor('deliveryNotes', sk, sequences).find((f) => f.name === 'NumberingSequence')).toMatchObject({
      type: 'select',
    });
  });
});
