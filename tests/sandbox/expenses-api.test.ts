/**
 * GET /api/expenses with its filters, the single expense with journal items, and the attachments of expenses with
 * real PDF and PNG content.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import { dataApiDuringTests } from './data-api-harness';
import { expectValidPdf, expectValidPng } from './file-checks';

const T = '10002';
const api = dataApiDuringTests();
let all: any[];

beforeAll(async () => {
  all = await api.getAll(T, '/api/expenses');
});

const ids = (list: any[]) => list.map((e) => e.id);
const date = (value: string | undefined) => value?.slice(0, 10);
const find = (query: string) => api.getAll(T, `/api/expenses?${query}`);

describe('GET /api/expenses filters', () => {
  it.each(['10', '11', '13', '14', '15', '17', '19'])('DocumentType %s returns only that type', async (type) => {
    const got = await find(`DocumentType=${type}`);
    expect(got.length).toBeGreaterThan(0);
    expect(ids(got)).toEqual(ids(all.filter((e) => String(e.documentType) === type)));
  });

  it('PaymentStatus 0 and 1 split the expenses into not fully paid and fully paid', async () => {
    const open = await find('PaymentStatus=0');
    const paid = await find('PaymentStatus=1');
    expect(open.every((e) => e.paymentStatus === 0 || e.paymentStatus === 3)).toBe(true);
    expect(paid.every((e) => e.paymentStatus === 1 || e.paymentStatus === 2)).toBe(true);
    expect(open.length + paid.length).toBe(all.length);
  });

  it('date ranges: issue, due (records without a due date never match), delivery, received', async () => {
    const pick = (field: string, i: number) => date(all.filter((e) => e[field])[i][field]) as string;
    for (const field of ['issueDate', 'dueDate', 'deliveryDate', 'receivedDate']) {
      const [to, from] = [pick(field, 10), pick(field, 60)];
      const name = field[0]!.toUpperCase() + field.slice(1, -4);
      const got = await find(`${name}DateFrom=${from}&${name}DateTo=${to}`);
      const want = all.filter((e) => e[field] !== undefined && date(e[field])! >= from && date(e[field])! <= to);
      expect(ids(got), field).toEqual(ids(want));
      expect(got.length, field).toBeGreaterThan(0);
    }
    const withoutDue = all.filter((e) => !('dueDate' in e)).length;
    expect((await find('DueDateFrom=2000-01-01')).length).toBe(all.length - withoutDue);
  });

  it('TotalPriceInclVatFrom and TotalPriceInclVatTo bound the amount inclusively', async () => {
    const amount = all[20].prices.documentPrices.totalPriceInclVat;
    const got = await find(`TotalPriceInclVatFrom=${amount}&TotalPriceInclVatTo=${amount}`);
    expect(got.map((e) => e.id)).toContain(all[20].id);
    expect(got.every((e) => e.prices.documentPrices.totalPriceInclVat === amount)).toBe(true);
    const negative = await find('TotalPriceInclVatTo=-0.01');
    expect(negative.length).toBeGreaterThan(0);
    expect(negative.every((e) => e.documentType === 17)).toBe(true);
  });

  it('NumberingSequence (no length limit on expenses) and LastModifiedTimestamp', async () => {
    const receipts = await find('NumberingSequence=PD');
    expect(ids(receipts)).toEqual(ids(all.filter((e) => e.numberingSequence === 'PD')));
    expect(await find('NumberingSequence=MUCH-LONGER-THAN-FIVE')).toEqual([]);
    const since = all
      .map((e) => e.lastModifiedTimestamp)
      .sort()
      .at(-20);
    const recent = await find(`LastModifiedTimestamp=${since}`);
    expect(recent.length).toBeGreaterThanOrEqual(20);
  });

  it.each([
    ['DocumentType=12', 'DocumentType'],
    ['PaymentStatus=3', 'PaymentStatus'],
    ['TotalPriceInclVatFrom=abc', 'TotalPriceInclVatFrom'],
    ['TotalPriceInclVatFrom=10&TotalPriceInclVatTo=5', 'TotalPriceInclVatFrom'],
    ['DueDateFrom=2026-11-02&DueDateTo=2026-11-01', 'DueDateFrom'],
    ['ReceivedDateFrom=2026-11-02&ReceivedDateTo=2026-11-01', 'ReceivedDateFrom'],
    ['ReceivedDateTo=01/11/2026', 'ReceivedDateTo'],
    ['Top=500', 'Top'],
  ])('%s answers 400 naming %s', async (query, field) => {
    const res = await api.get(T, `/api/expenses?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('lists the newest first and leaves journal items out', () => {
    expect(all.every((e, i) => i === 0 || all[i - 1].issueDate >= e.issueDate)).toBe(true);
    expect(all.some((e) => 'journalItems' in e)).toBe(false);
  });
});

describe('GET /api/expenses/{id}', () => {
  it('answers the expense at the top level, with journal items that add up to its prices', async () => {
    const expense = all.find((e) => e.prices.currency !== 'EUR') ?? all[0];
    const res = await api.get(T, `/api/expenses/${expense.id.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('data');
    const { journalItems, ...record } = res.body;
    expect(record).toEqual(expense);
    expect(journalItems.length).toBeGreaterThan(0);
    expect(journalItems[0]).toEqual({
      description: expect.any(String),
      tags: expect.any(Array),
      totalPrice: expect.any(Number),
      legislativeTotalPrice: expect.any(Number),
    });
    const sum = (key: string) => journalItems.reduce((s: number, j: any) => s + Math.round(j[key] * 100), 0);
    expect(sum('totalPrice')).toBe(Math.round(expense.prices.documentPrices.totalPrice * 100));
    expect(sum('legislativeTotalPrice')).toBe(Math.round(expense.prices.legislativePrices.totalPrice * 100));
  });

  it('answers 400 for an id that is not a uuid and 404 for an unknown one', async () => {
    expect((await api.get(T, '/api/expenses/12345')).status).toBe(400);
    const missing = await api.get(T, '/api/expenses/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.title).toBe('Not Found');
  });
});

describe('attachments of expenses', () => {
  const listOf = (id: string) => api.get(T, `/api/attachments/expenses/${id}`);

  it('lists metadata whose size is the byte length of the content served, PDFs and PNGs alike', async () => {
    const seen = new Set<string>();
    for (const expense of all.filter((e) => e.hasAttachments).slice(0, 40)) {
      const list = await listOf(expense.id);
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThan(0);
      for (const meta of list.body.data) {
        expect(meta).toEqual({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          documentId: expense.id,
          fileName: expect.any(String),
          contentType: expect.stringMatching(/^(application\/pdf|image\/png)$/),
          size: expect.any(Number),
          createdTimestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/),
        });
        const res = await api.call(T, `/api/attachments/expenses/${expense.id}/${meta.id}/content`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(meta.contentType);
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.length).toBe(meta.size);
        if (meta.contentType === 'application/pdf') {
          expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
          expectValidPdf(bytes);
        } else {
          expect(expectValidPng(bytes)).toEqual({ width: 64, height: 64 });
        }
        seen.add(meta.contentType);
      }
    }
    expect(seen).toEqual(new Set(['application/pdf', 'image/png']));
  });

  it('sends non-ASCII file names with an ASCII fallback and the UTF-8 name', async () => {
    const pdfs = [];
    for (const e of all.filter((x) => x.documentType === 11 && x.hasAttachments)) {
      pdfs.push(...(await listOf(e.id)).body.data.filter((m: any) => m.fileName.startsWith('účtenka')));
      if (pdfs.length > 0) break;
    }
    const meta = pdfs[0];
    expect(meta).toBeDefined();
    const res = await api.call(T, `/api/attachments/expenses/${meta.documentId}/${meta.id}/content`);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${meta.fileName.replace('ú', 'u').replace('č', 'c')}"; filename*=UTF-8''${encodeURIComponent(meta.fileName)}`,
    );
  });

  it('answers an empty list for a document without attachments', async () => {
    const plain = all.find((e) => !e.hasAttachments);
    expect((await listOf(plain.id)).body).toEqual({ data: [] });
  });

  it('answers 400 for an evidence other than expenses or ids that are not uuids, 404 for unknown ones', async () => {
    const expense = all.find((e) => e.hasAttachments);
    const [meta] = (await listOf(expense.id)).body.data;
    const invoices = await api.get(T, `/api/attachments/invoices/${expense.id}`);
    expect(invoices.status).toBe(400);
    expect(invoices.body.errors).toHaveProperty('evidence');
    expect((await api.get(T, '/api/attachments/expenses/42')).status).toBe(400);
    expect((await api.get(T, `/api/attachments/expenses/${expense.id}/42/content`)).status).toBe(400);
    expect((await api.get(T, '/api/attachments/expenses/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(
      (await api.get(T, `/api/attachments/expenses/${expense.id}/00000000-0000-4000-8000-000000000000/content`)).status,
    ).toBe(404);
    // Another company's document is not found either.
    const foreign = (await api.get('10001', `/api/attachments/expenses/${expense.id}/${meta.id}/content`)).status;
    expect(foreign).toBe(404);
  });
});
