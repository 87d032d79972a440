/**
 * Companies of realistic size on demand: a volume set for a tenant (control, admin route or SANDBOX_VOLUMES) makes
 * its generated books that large, from the same seed, and the lists page through all of it with their usual filters
 * and order.
 */
import { describe, expect, it } from 'vitest';

import { DAY_MS, parseTimestamp } from '../../sandbox/data/calendar';
import { generateCompany } from '../../sandbox/data/company-data';
import { dataApiDuringTests, startDataApi, TODAY } from './data-api-harness';

const api = dataApiDuringTests();
const control = () => api.sandbox.dataApi;
const today = Math.floor(Date.parse(`${TODAY}T00:00:00Z`) / DAY_MS);

/** Newest issue date first, then id descending, with no record twice. */
function expectListOrder(records: { issueDate: string; id: number | string }[]): void {
  for (let i = 1; i < records.length; i += 1) {
    const [a, b] = [records[i - 1]!, records[i]!];
    expect(a.issueDate > b.issueDate || (a.issueDate === b.issueDate && a.id > b.id)).toBe(true);
  }
}

describe('a company grown to 20 000 invoices and 10 000 expenses', () => {
  const T = '10004';

  it('lists exactly its volume by paging, in a total order, and keeps its filters', async () => {
    expect(control().setVolume(T, { invoices: 20_000, expenses: 10_000, deliveryNotes: 1_500 })).toEqual({
      invoices: 20_000,
      expenses: 10_000,
      deliveryNotes: 1_500,
    });
    expect(control().counts(T)).toMatchObject({ invoices: 20_000, expenses: 10_000, deliveryNotes: 1_500 });

    const invoices = await api.getAll(T, '/api/invoices');
    expect(invoices).toHaveLength(20_000);
    expect(new Set(invoices.map((i) => i.id)).size).toBe(20_000);
    expectListOrder(invoices);
    const expenses = await api.getAll(T, '/api/expenses');
    expect(expenses).toHaveLength(10_000);
    expect(new Set(expenses.map((e) => e.id)).size).toBe(10_000);
    expect(await api.getAll(T, '/api/delivery-notes')).toHaveLength(1_500);

    const unpaid = await api.getAll(T, '/api/invoices?PaymentStatus=0&IssueDateFrom=2026-06-01');
    const expected = invoices.filter(
      (i) => (i.paymentStatus === 0 || i.paymentStatus === 3) && i.issueDate.slice(0, 10) >= '2026-06-01',
    );
    expect(unpaid.map((i) => i.id)).toEqual(expected.map((i) => i.id));
    expect(unpaid.length).toBeGreaterThan(100);

    const deep = await api.get(T, '/api/invoices?Top=7&Skip=19995');
    expect(deep.body.data.map((i: any) => i.id)).toEqual(invoices.slice(19_995).map((i) => i.id));
    const one = invoices[12_345];
    expect((await api.get(T, `/api/invoices/${one.id}`)).body.data.documentNumber).toBe(one.documentNumber);
  });

  it('LastModifiedTimestamp at that size answers the records changed since, and no generated one is stamped after the sandbox started', async () => {
    const invoices = await api.getAll(T, '/api/invoices');
    const started = Date.parse(`${TODAY}T09:00:00Z`);
    expect(invoices.every((i) => parseTimestamp(i.lastModifiedTimestamp)! <= started)).toBe(true);
    const since = invoices.map((i) => i.lastModifiedTimestamp).sort()[invoices.length - 250]!;
    const recent = await api.getAll(T, `/api/invoices?LastModifiedTimestamp=${since}`);
    const expected = invoices.filter((i) => i.lastModifiedTimestamp >= since);
    expect(recent.map((i) => i.id)).toEqual(expected.map((i) => i.id));
  });

  it('gives every document its own number within its series at that size', async () => {
    const invoices = await api.getAll(T, '/api/invoices');
    expect(new Set(invoices.map((i) => `${i.numberingSequence} ${i.documentNumber}`)).size).toBe(invoices.length);
    expect(invoices.every((i) => i.documentNumber.length <= 20)).toBe(true);
  });
});

describe('volumes', () => {
  it('are deterministic: the same seed and volume generate the same documents', () => {
    const volume = { invoices: 3_000, expenses: 1_200, deliveryNotes: 400 };
    const first = generateCompany('10002', today, { volume });
    const second = generateCompany('10002', today, { volume });
    expect(first.invoices).toHaveLength(3_000);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(JSON.stringify(generateCompany('10001', today, { volume }).invoices[0])).not.toBe(
      JSON.stringify(first.invoices[0]),
    );
  });

  it('leave a company of the usual size as it always was', () => {
    const usual = generateCompany('10002', today);
    expect(JSON.stringify(generateCompany('10002', today, { volume: {} }))).toBe(JSON.stringify(usual));
    expect(usual.invoices.length).toBeGreaterThanOrEqual(250);
    expect(usual.invoices.length).toBeLessThanOrEqual(320);
  });

  it('regenerate a company at a new size and keep it when the same size is asked again', async () => {
    const T = '20001';
    const usual = control().counts(T).invoices;
    control().setVolume(T, { invoices: 1_000 });
    expect(control().counts(T)).toMatchObject({ invoices: 1_000 });
    control().changeRecords(T, { invoices: { created: 2 } });
    control().setVolume(T, { invoices: 1_000 });
    expect(control().counts(T).invoices).toBe(1_002);
    control().setVolume(T, null);
    expect(control().counts(T).invoices).toBe(usual);
    expect(control().volumes()).not.toHaveProperty(T);
  });

  it('apply to every company without its own through "*", and serve the same documents in another sandbox', async () => {
    const other = await startDataApi();
    try {
      for (const sandbox of [api.sandbox, other.sandbox]) {
        sandbox.dataApi.setVolume('*', { invoices: 2_000 });
        sandbox.dataApi.setVolume('10001', { invoices: 600 });
      }
      expect(control().counts('77777').invoices).toBe(2_000);
      expect(control().counts('10001').invoices).toBe(600);
      const page = '/api/invoices?Top=50&Skip=1000&ExtendedFields=Items';
      const withoutOrigin = (body: unknown, url: string) => JSON.parse(JSON.stringify(body).replaceAll(url, ''));
      expect(withoutOrigin((await other.get('77777', page)).body, other.sandbox.url)).toEqual(
        withoutOrigin((await api.get('77777', page)).body, api.sandbox.url),
      );
    } finally {
      await other.close();
      control().setVolume('*', null);
      control().setVolume('10001', null);
    }
  });
});

describe('POST /admin/data-api/volume', () => {
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${api.sandbox.url}/admin/data-api/volume`, { method: 'POST', headers, body, redirect: 'manual' });

  it('sets a volume from JSON, lists it under GET /admin/data-api/volumes, and resets it when no count is given', async () => {
    const set = await post(JSON.stringify({ tenantId: '10002', invoices: 800, expenses: 300 }), {
      'Content-Type': 'application/json',
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ tenantId: '10002', volume: { invoices: 800, expenses: 300 } });
    expect((await api.getAll('10002', '/api/expenses')).length).toBe(300);
    const listed = await (await fetch(`${api.sandbox.url}/admin/data-api/volumes`)).json();
    expect(listed.volumes['10002']).toEqual({ invoices: 800, expenses: 300 });

    const reset = await post(JSON.stringify({ tenantId: '10002' }), { 'Content-Type': 'application/json' });
    expect(await reset.json()).toEqual({ tenantId: '10002', volume: {} });
    expect((await api.getAll('10002', '/api/expenses')).length).toBeLessThan(300);
  });

  it('takes the home page form and sends the browser back to the panel; refuses bad counts and other sites', async () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: api.sandbox.url };
    const res = await post('tenantId=10002&invoices=500&expenses=&deliveryNotes=', form);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/#volumes');
    expect(control().volumes()['10002']).toEqual({ invoices: 500 });
    const page = await (await fetch(`${api.sandbox.url}/`)).text();
    expect(page).toContain('Company sizes and changes');
    expect(page).toContain('<b>500 invoices</b>');

    expect((await post('tenantId=10002&invoices=-1', form)).status).toBe(400);
    expect((await post('tenantId=10002&invoices=100000000', form)).status).toBe(400);
    const cross = await post('tenantId=10002&invoices=9', { ...form, Origin: 'https://elsewhere.example' });
    expect(cross.status).toBe(403);
    expect(control().volumes()['10002']).toEqual({ invoices: 500 });
    control().setVolume('10002', null);
  });
});
