/**
 * GET /api/invoices and its neighbours: every filter of the interface, paging, validation, single records, extended
 * fields, PDF reports and preview links.
 */
import { request } from 'node:http';

import { beforeAll, describe, expect, it } from 'vitest';

import { dataApiDuringTests, TODAY } from './data-api-harness';
import { expectValidPdf } from './file-checks';

const T = '10001';
const api = dataApiDuringTests();
/** Every invoice of the company with all extended fields, newest first, as the reference for the filters. */
let all: any[];

beforeAll(async () => {
  all = await api.getAll(T, '/api/invoices?ExtendedFields=Items,VatBreakdowns,Payments,LinkedDocuments');
});

const ids = (list: any[]) => list.map((i) => i.id);
const date = (value: string) => value.slice(0, 10);
const find = (path: string) => api.getAll(T, path);

describe('GET /api/invoices filters', () => {
  it('IssueDateFrom and IssueDateTo are inclusive', async () => {
    const from = date(all[80].issueDate);
    const to = date(all[20].issueDate);
    const got = await find(`/api/invoices?IssueDateFrom=${from}&IssueDateTo=${to}`);
    expect(ids(got)).toEqual(ids(all.filter((i) => date(i.issueDate) >= from && date(i.issueDate) <= to)));
    expect(got.some((i) => date(i.issueDate) === from) && got.some((i) => date(i.issueDate) === to)).toBe(true);
    expect(ids(await find(`/api/invoices?IssueDateFrom=${to}`))).toEqual(
      ids(all.filter((i) => date(i.issueDate) >= to)),
    );
  });

  it('accepts a full ISO date-time where a date is expected, using its date', async () => {
    const day = date(all[30].issueDate);
    const got = await find(`/api/invoices?IssueDateFrom=${day}T00:00:00&IssueDateTo=${day}T23:59:59Z`);
    expect(ids(got)).toEqual(ids(all.filter((i) => date(i.issueDate) === day)));
  });

  it('DeliveryDateFrom and DeliveryDateTo', async () => {
    const from = date(all[60].deliveryDate);
    const to = date(all[10].deliveryDate);
    const got = await find(`/api/invoices?DeliveryDateFrom=${from}&DeliveryDateTo=${to}`);
    expect(ids(got)).toEqual(ids(all.filter((i) => date(i.deliveryDate) >= from && date(i.deliveryDate) <= to)));
  });

  it('PaymentStatus 0 means not fully paid (0 and 3), 1 means fully paid (1 and 2)', async () => {
    const open = await find('/api/invoices?PaymentStatus=0');
    const paid = await find('/api/invoices?PaymentStatus=1');
    expect(new Set(open.map((i) => i.paymentStatus))).toEqual(new Set([0, 3]));
    expect(new Set(paid.map((i) => i.paymentStatus))).toEqual(new Set([1, 2]));
    expect(open.length + paid.length).toBe(all.length);
  });

  it('DueDateStatus 1 is due today or later; 2 is past due and not fully paid', async () => {
    const inDue = await find('/api/invoices?DueDateStatus=1');
    const overdue = await find('/api/invoices?DueDateStatus=2');
    expect(inDue.length).toBeGreaterThan(0);
    expect(inDue.every((i) => date(i.dueDate) >= TODAY)).toBe(true);
    expect(ids(overdue)).toEqual(
      ids(all.filter((i) => date(i.dueDate) < TODAY && (i.paymentStatus === 0 || i.paymentStatus === 3))),
    );
    const overdueAndOpen = await find('/api/invoices?DueDateStatus=2&PaymentStatus=0');
    expect(overdueAndOpen.length).toBe(overdue.length);
  });

  it('NumberingSequence matches the code, ignoring case', async () => {
    const code = all.find((i) => i.invoiceType === 1).numberingSequence;
    const got = await find(`/api/invoices?NumberingSequence=${code.toLowerCase()}`);
    expect(got.length).toBeGreaterThan(0);
    expect(ids(got)).toEqual(ids(all.filter((i) => i.numberingSequence === code)));
  });

  it('DocumentNumberFrom and DocumentNumberTo compare as strings, inclusive', async () => {
    const numbers = all.map((i) => i.documentNumber).sort();
    const [from, to] = [numbers[40], numbers[90]];
    const got = await find(`/api/invoices?DocumentNumberFrom=${from}&DocumentNumberTo=${to}`);
    expect(got.map((i) => i.documentNumber).sort()).toEqual(numbers.slice(40, 91));
  });

  it('OrderNumber matches exactly', async () => {
    const withOrder = all.find((i) => i.orderNumber);
    const got = await find(`/api/invoices?OrderNumber=${encodeURIComponent(withOrder.orderNumber)}`);
    expect(ids(got)).toEqual(ids(all.filter((i) => i.orderNumber === withOrder.orderNumber)));
    expect(await find('/api/invoices?OrderNumber=NO-SUCH-ORDER')).toEqual([]);
  });

  it('LastModifiedTimestamp returns records changed at or after the moment, in either documented form', async () => {
    const stamps = all.map((i) => i.lastModifiedTimestamp).sort();
    const since = stamps[stamps.length - 30];
    const got = await find(`/api/invoices?LastModifiedTimestamp=${since}`);
    expect(got.length).toBeGreaterThanOrEqual(30);
    expect(got.every((i) => Date.parse(`${i.lastModifiedTimestamp}Z`) >= Date.parse(`${since}Z`))).toBe(true);
    const seconds = since.slice(0, 19);
    expect((await find(`/api/invoices?LastModifiedTimestamp=${seconds}`)).length).toBeGreaterThanOrEqual(got.length);
  });

  it('combines filters and reads parameter names without regard to case', async () => {
    const got = await find('/api/invoices?paymentstatus=0&DUEDATESTATUS=2');
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((i) => date(i.dueDate) < TODAY && i.paymentStatus !== 1)).toBe(true);
    expect((await api.get(T, '/api/invoices?top=3')).body.data).toHaveLength(3);
  });
});

describe('GET /api/invoices paging and order', () => {
  it('sorts newest issue date first, then by id descending', () => {
    for (let i = 1; i < all.length; i += 1) {
      const [a, b] = [all[i - 1], all[i]];
      expect(a.issueDate > b.issueDate || (a.issueDate === b.issueDate && a.id > b.id)).toBe(true);
    }
  });

  it('defaults to 100 records, pages with Top and Skip, and ends on a short page', async () => {
    expect((await api.get(T, '/api/invoices')).body.data).toHaveLength(100);
    const page = await api.get(T, '/api/invoices?Top=7&Skip=21');
    expect(ids(page.body.data)).toEqual(ids(all.slice(21, 28)));
    const last = await api.get(T, `/api/invoices?Top=100&Skip=${all.length - 5}`);
    expect(last.body.data).toHaveLength(5);
    expect((await api.get(T, `/api/invoices?Skip=${all.length}`)).body.data).toEqual([]);
    expect((await api.get(T, '/api/invoices?Top=0')).body.data).toEqual([]);
  });
});

describe('GET /api/invoices extended fields', () => {
  it('leaves items, VAT breakdowns, payments and linked documents out unless asked for', async () => {
    const [plain] = (await api.get(T, '/api/invoices?Top=1')).body.data;
    for (const field of ['items', 'vatBreakdowns', 'payments', 'linkedDocuments'])
      expect(plain).not.toHaveProperty(field);
    const [some] = (await api.get(T, '/api/invoices?Top=1&ExtendedFields=items, VATBREAKDOWNS')).body.data;
    expect(some.items.length).toBeGreaterThan(0);
    expect(some.items[0]).toEqual(
      expect.objectContaining({
        name: expect.any(String),
        quantity: expect.any(Number),
        unitPrice: expect.any(Number),
        vatRate: expect.any(Number),
        totalPrice: expect.any(Number),
        totalPriceInclVat: expect.any(Number),
      }),
    );
    expect(some.vatBreakdowns[0]).toEqual({
      vatRate: expect.any(Number),
      base: expect.any(Number),
      vat: expect.any(Number),
      total: expect.any(Number),
    });
    expect(some).not.toHaveProperty('payments');
  });

  it('links credit notes to the invoice they correct, and invoices to their delivery notes', () => {
    const credit = all.find((i) => i.invoiceType === 1);
    const [link] = credit.linkedDocuments;
    expect(link).toEqual({ documentType: 'invoice', id: expect.any(Number), documentNumber: expect.any(String) });
    const original = all.find((i) => i.id === link.id);
    expect(original.linkedDocuments).toContainEqual({
      documentType: 'creditNote',
      id: credit.id,
      documentNumber: credit.documentNumber,
    });
    expect(all.some((i) => i.linkedDocuments.some((l: any) => l.documentType === 'deliveryNote'))).toBe(true);
  });

  it('lists payments with date and amount', () => {
    const paid = all.find((i) => i.paymentStatus === 1);
    expect(paid.payments[0]).toEqual(
      expect.objectContaining({ date: expect.stringMatching(/T00:00:00$/), amount: expect.any(Number) }),
    );
  });
});

describe('GET /api/invoices validation', () => {
  it.each([
    ['Top=101', 'Top'],
    ['Top=-1', 'Top'],
    ['Top=abc', 'Top'],
    ['Top=1.5', 'Top'],
    ['Skip=-1', 'Skip'],
    ['NumberingSequence=ABCDEF', 'NumberingSequence'],
    [`DocumentNumberFrom=${'1'.repeat(21)}`, 'DocumentNumberFrom'],
    [`DocumentNumberTo=${'1'.repeat(21)}`, 'DocumentNumberTo'],
    [`OrderNumber=${'1'.repeat(21)}`, 'OrderNumber'],
    ['PaymentStatus=2', 'PaymentStatus'],
    ['DueDateStatus=3', 'DueDateStatus'],
    ['ExtendedFields=Items,Attachments', 'ExtendedFields'],
    ['IssueDateFrom=22.11.2026', 'IssueDateFrom'],
    ['IssueDateTo=2026-02-30', 'IssueDateTo'],
    ['DeliveryDateFrom=yesterday', 'DeliveryDateFrom'],
    ['LastModifiedTimestamp=2026-11-22T25:00:00', 'LastModifiedTimestamp'],
    ['IssueDateFrom=2026-11-02&IssueDateTo=2026-11-01', 'IssueDateFrom'],
    ['DeliveryDateFrom=2026-11-02&DeliveryDateTo=2026-11-01', 'DeliveryDateFrom'],
    ['DocumentNumberFrom=B&DocumentNumberTo=A', 'DocumentNumberFrom'],
  ])('%s answers 400 naming %s', async (query, field) => {
    const res = await api.get(T, `/api/invoices?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: expect.any(String),
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: { [field]: [expect.any(String)] },
    });
  });

  it('accepts the largest allowed values', async () => {
    const res = await api.get(
      T,
      `/api/invoices?Top=100&Skip=0&NumberingSequence=ABCDE&OrderNumber=${'1'.repeat(20)}&IssueDateFrom=2026-11-01&IssueDateTo=2026-11-01`,
    );
    expect(res.status).toBe(200);
  });
});

describe('GET /api/invoices/{id}', () => {
  it('answers the invoice in full under data', async () => {
    const invoice = all[5];
    const res = await api.get(T, `/api/invoices/${invoice.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toEqual(invoice);
  });

  it('answers 404 for an id the company does not have, 400 for one that is not an int64', async () => {
    const missing = await api.get(T, '/api/invoices/42');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(expect.objectContaining({ status: 404, title: 'Not Found' }));
    const otherCompanys = (await api.get('10002', '/api/invoices?Top=1')).body.data[0].id;
    expect((await api.get(T, `/api/invoices/${otherCompanys}`)).status).toBe(404);
    for (const bad of ['abc', '1.5', '99999999999999999999']) {
      const res = await api.get(T, `/api/invoices/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('id');
    }
  });
});

describe('invoice reports', () => {
  it.each([17, 19, 101])('report %i is a real PDF download named after the document', async (reportId) => {
    const invoice = all[3];
    const res = await api.call(T, `/api/invoices/${invoice.id}/reports/${reportId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.documentNumber}.pdf"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const text = expectValidPdf(bytes);
    expect(text).toContain(invoice.documentNumber);
    expect(text).toContain(invoice.partner.address.postCode);
    // 19 is the colour report (a blue header band), 17 black and white, 101 marked editable.
    expect(text.includes('0.12 0.37 0.75 rg')).toBe(reportId === 19);
    expect(text.includes('editable report')).toBe(reportId === 101);
  });

  it('refuses report ids other than 17, 19 and 101, and unknown invoices', async () => {
    const id = all[0].id;
    expect((await api.get(T, `/api/invoices/${id}/reports/18`)).status).toBe(400);
    expect((await api.get(T, `/api/invoices/${id}/reports/x`)).status).toBe(400);
    expect((await api.get(T, `/api/invoices/x/reports/17`)).status).toBe(400);
    expect((await api.get(T, `/api/invoices/42/reports/17`)).status).toBe(404);
  });
});

describe('invoice preview links', () => {
  it('answers { data: { url } } on the sandbox origin; the link shows the PDF inline without a token', async () => {
    const invoice = all[7];
    const res = await api.get(T, `/api/invoices/${invoice.id}/reports/19/previewLink`);
    expect(res.status).toBe(200);
    const url: string = res.body.data.url;
    expect(url).toMatch(new RegExp(`^${api.sandbox.url}/preview/[A-Za-z0-9_-]{40,}$`));
    const preview = await fetch(url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(preview.headers.get('content-disposition')).toBe(`inline; filename="${invoice.documentNumber}.pdf"`);
    expect(expectValidPdf(Buffer.from(await preview.arrayBuffer()))).toContain(invoice.documentNumber);
  });

  it('builds the link from the Host the client used', async () => {
    const { port } = new URL(api.sandbox.url);
    api.clock.now += 1_000;
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `/api/invoices/${all[0].id}/reports/17/previewLink`,
          headers: { Host: `sandbox.test:${port}`, Authorization: `Bearer ${api.tokenFor(T)}` },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(body).data.url).toMatch(new RegExp(`^http://sandbox\\.test:${port}/preview/`));
  });

  it('expires after 10 minutes; unknown links are 404', async () => {
    const res = await api.get(T, `/api/invoices/${all[0].id}/reports/17/previewLink`);
    const url: string = res.body.data.url;
    api.clock.now += 9 * 60_000;
    expect((await fetch(url)).status).toBe(200);
    api.clock.now += 61_000;
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(`${api.sandbox.url}/preview/not-a-link`)).status).toBe(404);
  });

  it('validates like the report itself', async () => {
    expect((await api.get(T, `/api/invoices/${all[0].id}/reports/20/previewLink`)).status).toBe(400);
    expect((await api.get(T, '/api/invoices/42/reports/17/previewLink')).status).toBe(404);
  });
});
