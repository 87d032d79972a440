/**
 * Documents that change over time: a batch of changes (control, admin route, or drift on a timer) edits, creates and
 * deletes records and stamps them with the sandbox's now, so a sync by LastModifiedTimestamp meets a moving target.
 */
import { describe, expect, it, vi } from 'vitest';

import { recordTimestamp } from '../../sandbox/data/calendar';
import { startTestSandbox } from '../support/sandbox';
import { dataApiDuringTests, startDataApi, TODAY } from './data-api-harness';

const api = dataApiDuringTests();
const control = () => api.sandbox.dataApi;
const sorted = <T extends string | number>(ids: T[]) => [...ids].sort();

describe('a batch of changes', () => {
  const T = '10001';

  it('is what LastModifiedTimestamp answers afterwards: exactly the changed and the new records of each kind', async () => {
    const before = {
      invoices: await api.getAll(T, '/api/invoices?ExtendedFields=Payments'),
      expenses: await api.getAll(T, '/api/expenses'),
      notes: await api.getAll(T, '/api/delivery-notes'),
    };
    const since = recordTimestamp(api.clock.now);
    api.clock.now += 1_000;
    const report = control().changeRecords(T, {
      invoices: { changed: 12, created: 4, deleted: 3 },
      expenses: { changed: 6, created: 2, deleted: 2 },
      deliveryNotes: { changed: 3, created: 2, deleted: 1 },
    });
    expect(report.timestamp).toBe(recordTimestamp(api.clock.now));
    expect([report.invoices.changed.length, report.invoices.created.length, report.invoices.deleted.length]).toEqual([
      12, 4, 3,
    ]);

    const cases = [
      ['/api/invoices', report.invoices, before.invoices.length],
      ['/api/expenses', report.expenses, before.expenses.length],
      ['/api/delivery-notes', report.deliveryNotes, before.notes.length],
    ] as const;
    for (const [path, touched, count] of cases) {
      const recent = await api.getAll(T, `${path}?LastModifiedTimestamp=${since}`);
      expect(sorted(recent.map((r) => r.id))).toEqual(sorted([...touched.changed, ...touched.created]));
      expect(recent.every((r) => r.lastModifiedTimestamp === report.timestamp)).toBe(true);
      expect(await api.getAll(T, path)).toHaveLength(count - touched.deleted.length + touched.created.length);
    }
  });

  it('pays or postpones the open invoices it changes and annotates the settled ones', async () => {
    const before = new Map((await api.getAll(T, '/api/invoices?ExtendedFields=Payments')).map((i) => [i.id, i]));
    api.clock.now += 1_000;
    const report = control().changeRecords(T, { invoices: { changed: 40 } });
    const after = new Map((await api.getAll(T, '/api/invoices?ExtendedFields=Payments')).map((i) => [i.id, i]));
    const outcomes = new Set<string>();
    for (const id of report.invoices.changed) {
      const [was, now] = [before.get(id), after.get(id)];
      if (was.paymentStatus === 0 || was.paymentStatus === 3) {
        if (now.paymentStatus === 1) {
          outcomes.add('paid');
          expect(now.sumForPayment).toBe(0);
          expect(now.payments.at(-1)).toMatchObject({ date: `${TODAY}T00:00:00`, amount: was.sumForPayment });
        } else {
          outcomes.add('postponed');
          expect(now.dueDate > was.dueDate).toBe(true);
        }
      } else {
        outcomes.add('annotated');
        expect(now.internalNote).not.toBe(was.internalNote);
      }
    }
    expect(outcomes).toEqual(new Set(['paid', 'postponed', 'annotated']));
  });

  it('removes deleted records from the lists, and their single GETs and reports answer 404', async () => {
    const report = control().changeRecords(T, {
      invoices: { deleted: 2 },
      expenses: { deleted: 2 },
      deliveryNotes: { deleted: 2 },
    });
    const listed = {
      invoices: new Set((await api.getAll(T, '/api/invoices')).map((i) => i.id)),
      expenses: new Set((await api.getAll(T, '/api/expenses')).map((e) => e.id)),
      notes: new Set((await api.getAll(T, '/api/delivery-notes')).map((n) => n.id)),
    };
    for (const id of report.invoices.deleted) {
      expect(listed.invoices.has(id)).toBe(false);
      expect((await api.get(T, `/api/invoices/${id}`)).status).toBe(404);
      expect((await api.get(T, `/api/invoices/${id}/reports/17`)).status).toBe(404);
    }
    for (const id of report.expenses.deleted) {
      expect(listed.expenses.has(id)).toBe(false);
      expect((await api.get(T, `/api/expenses/${id}`)).status).toBe(404);
    }
    for (const id of report.deliveryNotes.deleted) {
      expect(listed.notes.has(id)).toBe(false);
      expect((await api.get(T, `/api/delivery-notes/${id}`)).status).toBe(404);
    }
  });

  it('creates documents issued today, numbered next in their series, served in full by their single GETs', async () => {
    api.clock.now += 1_000;
    const report = control().changeRecords(T, {
      invoices: { created: 3 },
      expenses: { created: 3 },
      deliveryNotes: { created: 2 },
    });
    const all = await api.getAll(T, '/api/invoices');
    const numbers = all.map((i) => `${i.numberingSequence} ${i.documentNumber}`);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const id of report.invoices.created) {
      const { data } = (await api.get(T, `/api/invoices/${id}`)).body;
      expect(data).toMatchObject({ invoiceType: 0, paymentStatus: 0, issueDate: `${TODAY}T00:00:00` });
      expect(data.items.length).toBeGreaterThan(0);
      expect(data.prices.documentPrices.totalPriceInclVat).toBeGreaterThan(0);
    }
    for (const id of report.expenses.created) {
      const expense = (await api.get(T, `/api/expenses/${id}`)).body;
      expect(expense).toMatchObject({ id, issueDate: `${TODAY}T00:00:00` });
      expect(expense.journalItems.length).toBeGreaterThan(0);
    }
    for (const id of report.deliveryNotes.created) {
      expect((await api.get(T, `/api/delivery-notes/${id}`)).body.items.length).toBeGreaterThan(0);
    }
  });

  it('replays alike: the same batches on the same company change the same records in the same way', async () => {
    const batches = [
      { invoices: { changed: 5, created: 2, deleted: 2 } },
      { expenses: { changed: 3, created: 1, deleted: 1 } },
    ];
    const [a, b] = [await startDataApi(), await startDataApi()];
    try {
      const results = [a, b].map((sandbox) =>
        batches.map((batch) => sandbox.sandbox.dataApi.changeRecords('10002', batch)),
      );
      expect(results[1]).toEqual(results[0]);
      expect((await b.get('10002', '/api/invoices?Top=20')).body).toEqual(
        JSON.parse(
          JSON.stringify((await a.get('10002', '/api/invoices?Top=20')).body).replaceAll(a.sandbox.url, b.sandbox.url),
        ),
      );
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('POST /admin/data-api/changes', () => {
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${api.sandbox.url}/admin/data-api/changes`, { method: 'POST', headers, body, redirect: 'manual' });

  it('applies a batch from JSON and answers the ids touched', async () => {
    const res = await post(JSON.stringify({ tenantId: '10004', invoices: { changed: 2, created: 1, deleted: 1 } }), {
      'Content-Type': 'application/json',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ tenantId: '10004', timestamp: expect.any(String) });
    expect(body.invoices.changed).toHaveLength(2);
    expect(body.invoices.created).toHaveLength(1);
    expect(body.invoices.deleted).toHaveLength(1);
    expect(body.expenses).toEqual({ changed: [], created: [], deleted: [] });
    expect((await api.get('10004', `/api/invoices/${body.invoices.deleted[0]}`)).status).toBe(404);
  });

  it('takes the home page form for one kind or all, and refuses other sites and bad counts', async () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: api.sandbox.url };
    const before = control().counts('10004');
    const res = await post('tenantId=10004&kind=all&changed=1&created=2&deleted=', form);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/#volumes');
    expect(control().counts('10004')).toMatchObject({
      invoices: before.invoices + 2,
      expenses: before.expenses + 2,
      deliveryNotes: before.deliveryNotes + 2,
    });
    await post('tenantId=10004&kind=expenses&deleted=1', form);
    expect(control().counts('10004').expenses).toBe(before.expenses + 1);
    expect((await post('tenantId=10004&kind=all&changed=-2', form)).status).toBe(400);
    expect((await post('tenantId=*&kind=all&changed=1', form)).status).toBe(400);
    const cross = await post('tenantId=10004&kind=all&deleted=5', { ...form, Origin: 'https://elsewhere.example' });
    expect(cross.status).toBe(403);
    expect(control().counts('10004').expenses).toBe(before.expenses + 1);
  });
});

describe('drift', () => {
  it('changes every company in use on a timer until stopped, and is off by default', async () => {
    const sandbox = await startTestSandbox();
    try {
      expect(sandbox.dataApi.drift()).toBeNull();
      const before = sandbox.dataApi.counts('10002').invoices;
      const res = await fetch(`${sandbox.url}/admin/data-api/drift`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ everySeconds: 0.1, changes: { invoices: { created: 1 } } }),
      });
      expect(await res.json()).toEqual({ drift: { everySeconds: 0.1, changes: { invoices: { created: 1 } } } });
      await vi.waitFor(() => expect(sandbox.dataApi.counts('10002').invoices).toBeGreaterThanOrEqual(before + 2), {
        timeout: 5_000,
      });
      sandbox.dataApi.setDrift(null);
      const stopped = sandbox.dataApi.counts('10002').invoices;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sandbox.dataApi.counts('10002').invoices).toBe(stopped);
    } finally {
      await sandbox.close();
    }
  });

  it('starts with the sandbox when asked for (SANDBOX_DRIFT)', async () => {
    const sandbox = await startTestSandbox({ drift: { everySeconds: 0.1, changes: { expenses: { created: 1 } } } });
    try {
      const before = sandbox.dataApi.counts('10001').expenses;
      await vi.waitFor(() => expect(sandbox.dataApi.counts('10001').expenses).toBeGreaterThan(before), {
        timeout: 5_000,
      });
    } finally {
      await sandbox.close();
    }
  });
});
