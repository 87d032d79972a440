import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { listMirrored, mirroredDocument } from '@/lib/features/documents/queries';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import { readJournals, unreadExpenses } from '@/lib/owners/mirror/journals';
import { foldForSearch } from '@/lib/owners/mirror/search-text';
import { mirrorStatus } from '@/lib/owners/mirror/status';
import { syncCompany } from '@/lib/owners/mirror/sync';
import { mirrorCompanies, mirrorDocuments } from '@/lib/platform/db/schema';
import { type Expense, expenseSchema } from '@/lib/service/schemas/expense';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { type ListedRecord, mirrorSandboxDuringTests, sandboxPaths } from './mirror-fixture';

/**
 * An expense's journal is only on its single record: after a sync, each mirrored expense is read once, in batches,
 * its stored record becomes the single record, and a search finds it by its journal's texts. A sync listing it
 * unchanged keeps the journal; one listing it changed drops it until it is read again. A refused token stops the
 * reading as it stops a sync. Against the sandbox, on each database.
 */
const TENANT = '10021';
const EXPENSES = 12;

describe.each(databaseKinds)('the expenses’ journals in the mirror on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = mirrorSandboxDuringTests();
  const company = () => api.company(TENANT);

  const expenseRows = () =>
    database.db
      .select()
      .from(mirrorDocuments)
      .where(and(eq(mirrorDocuments.tenantId, TENANT), eq(mirrorDocuments.kind, 'expenses')));
  const rowOf = async (id: string) => (await expenseRows()).find((row) => row.id === id)!;
  const journalOf = (row: { record: unknown }) => (row.record as Expense).journalItems;
  const singleReads = (token: string) =>
    api.requestsOf(token).filter((request) => request.path.startsWith(`${sandboxPaths.expenses}/`));

  /** The single record as the service answers it (a token of its own). */
  async function serviceSingle(id: string): Promise<ListedRecord & Expense> {
    const token = api.sandbox.tokens.issue(TENANT, `journal-reader-${id}`);
    const response = await fetch(`${api.sandbox.url}${sandboxPaths.expenses}/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()) as ListedRecord & Expense;
  }

  const searchIds = async (q: string) =>
    (await listMirrored(database.db, company(), 'expenses', { q, top: 100 })).records.map((record) => record.id);

  let journalText: { id: string; text: string };

  beforeAll(async () => {
    api.sandbox.dataApi.setVolume(TENANT, { invoices: 3, expenses: EXPENSES, deliveryNotes: 2 });
    await api.connect(database.db, TENANT);
    const { client } = api.client(TENANT);
    expect(await syncCompany(database.db, company(), client, 'auto')).toMatchObject({ status: 'ready' });
    // A journal text no listed field of any expense carries: only the journal can make a search find it.
    const [first] = await expenseRows();
    const single = await serviceSingle(first!.id);
    journalText = { id: first!.id, text: single.journalItems![0]!.description! };
  }, 60_000);

  it('lists expenses without their journal: none is read yet, and a journal text finds nothing', async () => {
    const rows = await expenseRows();
    expect(rows).toHaveLength(EXPENSES);
    expect(rows.every((row) => row.detailReadAt === null && journalOf(row) === undefined)).toBe(true);
    expect(await searchIds(journalText.text)).not.toContain(journalText.id);
  });

  it('reads each expense once, a batch at a time, and stores its single record, journal included', async () => {
    const { client, token } = api.client(TENANT);
    const results = [];
    for (let run = 0; run < 5; run++) {
      const result = await readJournals(database.db, company(), client, { batch: 5 });
      results.push(result);
      if (result.status === 'done') break;
    }
    expect(results).toEqual([
      { status: 'more', read: 5 },
      { status: 'more', read: 5 },
      { status: 'done', read: 2 },
    ]);
    const reads = singleReads(token);
    const rows = await expenseRows();
    expect(reads.map((request) => request.path).sort()).toEqual(
      rows.map((row) => `${sandboxPaths.expenses}/${row.id}`).sort(),
    );
    for (const row of rows) {
      expect(row.detailReadAt).toBeInstanceOf(Date);
      expect(journalOf(row)).toEqual((await serviceSingle(row.id)).journalItems);
    }
    expect(await unreadExpenses(database.db, company(), 10)).toEqual([]);
  }, 60_000);

  it('finds an expense by a text of its journal, in any letter case and without diacritics', async () => {
    expect(await searchIds(journalText.text)).toContain(journalText.id);
    expect(await searchIds(foldForSearch(journalText.text).toUpperCase())).toContain(journalText.id);
    const { highlights } = await listMirrored(database.db, company(), 'expenses', { q: journalText.text, top: 100 });
    expect(highlights[journalText.id]?.map((highlight) => highlight.field)).toContain('journalItems[0].description');
  });

  it('keeps the journal through syncs that list the expense unchanged, and reads a changed one again', async () => {
    const changed = api.sandbox.dataApi.changeRecords(TENANT, { expenses: { changed: 1 } }).expenses.changed[0]!;

    await syncCompany(database.db, company(), api.client(TENANT).client, 'incremental');
    const dropped = await rowOf(changed);
    expect(dropped.detailReadAt).toBeNull();
    expect(journalOf(dropped)).toBeUndefined();
    expect(await unreadExpenses(database.db, company(), 10)).toEqual([
      { id: changed, lastModified: dropped.lastModified },
    ]);

    const reader = api.client(TENANT);
    expect(await readJournals(database.db, company(), reader.client)).toEqual({ status: 'done', read: 1 });
    expect(singleReads(reader.token).map((request) => request.path)).toEqual([`${sandboxPaths.expenses}/${changed}`]);
    const readAgain = await rowOf(changed);
    expect(journalOf(readAgain)).toEqual((await serviceSingle(changed)).journalItems);

    // The next incremental sync lists it again (its change is within the cursor's overlap), unchanged: kept.
    const sync = api.client(TENANT);
    await syncCompany(database.db, company(), sync.client, 'incremental');
    const listedAgain = await rowOf(changed);
    expect(listedAgain.syncedAt.getTime()).toBeGreaterThan(readAgain.syncedAt.getTime());
    expect(listedAgain.detailReadAt).toEqual(readAgain.detailReadAt);
    expect(listedAgain.record).toEqual(readAgain.record);

    // A full sync lists every expense again: none loses its journal.
    await syncCompany(database.db, company(), api.client(TENANT).client, 'full');
    const rows = await expenseRows();
    expect(rows.every((row) => row.detailReadAt !== null && Array.isArray(journalOf(row)))).toBe(true);
    expect(await searchIds(journalText.text)).toContain(journalText.id);
  }, 60_000);

  it('leaves a stopped mirror alone, and stops the mirror when the service refuses the token (401)', async () => {
    await database.db
      .update(mirrorDocuments)
      .set({ detailReadAt: null })
      .where(and(eq(mirrorDocuments.tenantId, TENANT), eq(mirrorDocuments.kind, 'expenses')));
    await database.db.update(mirrorCompanies).set({ status: 'stopped' }).where(eq(mirrorCompanies.tenantId, TENANT));
    const idle = api.client(TENANT);
    expect(await readJournals(database.db, company(), idle.client)).toEqual({ status: 'stopped', read: 0 });
    expect(api.requestsOf(idle.token)).toEqual([]);

    await database.db.update(mirrorCompanies).set({ status: 'ready' }).where(eq(mirrorCompanies.tenantId, TENANT));
    api.sandbox.dataApi.setFault(TENANT, { mode: 'unauthorized', after: 2 });
    const refused = api.client(TENANT);
    expect(await readJournals(database.db, company(), refused.client)).toEqual({
      status: 'stopped',
      read: 2,
      errorKind: 'unauthorized',
    });
    expect(api.requestsOf(refused.token).map((request) => request.status)).toEqual([200, 200, 401]);
    expect(await mirrorStatus(database.db, company())).toMatchObject({
      status: 'stopped',
      lastError: { kind: 'unauthorized' },
    });
    api.sandbox.dataApi.clearFault(TENANT);
  });

  it('throws a busy or unavailable service on for the job to retry, leaving the mirror’s state as it was', async () => {
    await database.db.update(mirrorCompanies).set({ status: 'ready' }).where(eq(mirrorCompanies.tenantId, TENANT));
    const before = await mirrorStatus(database.db, company());
    const unread = (await unreadExpenses(database.db, company(), 100)).length;
    api.sandbox.dataApi.setFault(TENANT, { mode: 'server-error', after: 1 });
    const { client } = api.client(TENANT);
    await expect(readJournals(database.db, company(), client)).rejects.toMatchObject({ kind: 'unavailable' });
    const after = await mirrorStatus(database.db, company());
    expect(after).toMatchObject({ status: 'ready', lastError: before.lastError, nextTryAt: before.nextTryAt });
    // What was read before the failure stays read.
    expect((await unreadExpenses(database.db, company(), 100)).length).toBe(unread - 1);
    api.sandbox.dataApi.clearFault(TENANT);
  });

  it('does not hold up the rest on an expense it cannot read: marked, kept without a journal, its page read live', async () => {
    await database.db
      .update(mirrorDocuments)
      .set({ detailReadAt: new Date() })
      .where(and(eq(mirrorDocuments.tenantId, TENANT), eq(mirrorDocuments.kind, 'expenses')));
    // An id the interface cannot take (not a uuid): the client refuses it without sending anything.
    await upsertDocuments(database.db, company(), [
      documentRow('expenses', expenseSchema.parse({ id: 'not-a-uuid', documentNumber: 'PD-odd' })),
    ]);
    const { client, token } = api.client(TENANT);
    expect(await readJournals(database.db, company(), client)).toEqual({ status: 'done', read: 0 });
    expect(api.requestsOf(token)).toEqual([]);
    expect(await unreadExpenses(database.db, company(), 10)).toEqual([]);
    expect(await mirroredDocument(database.db, company(), 'expenses', 'not-a-uuid')).toBeNull();
  });
});
