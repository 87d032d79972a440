import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createImport, markDuplicates } from '@/lib/owners/imports/create';
import { excludeLines, includeLines, pairLine, setLineState } from '@/lib/owners/imports/edit';
import { ImportInputError, type NewLine } from '@/lib/owners/imports/lines';
import { queueLines, withdrawQueuedLines } from '@/lib/owners/imports/queue';
import { importView, listImports, readImport } from '@/lib/owners/imports/view';
import { type Db, rowsOf } from '@/lib/platform/db/client';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { DIGEST, scopeOf } from './fixture';

/**
 * An import's lines and their states, in the database alone: what an import is created with, which lines are
 * duplicates (of the file, of the company's other imports), what the pages may change before anything is sent, and
 * the JSON view the contract fixes. Every change is one conditional statement; the database's unique index decides
 * that one line of a company holds an externalId at a time.
 */

const payment = (externalId: string, extra: Partial<NewLine> = {}): NewLine => ({
  state: 'ready',
  externalId,
  payload: { dateOfPayment: '2026-11-20', sumOfPayment: 12.5, variableSymbol: '2026001' },
  display: { date: '2026-11-20', amount: '12.50', currency: 'EUR', variableSymbol: '2026001', reference: 'E2E-1' },
  document: { id: '7', documentNumber: 'OF2026001' },
  ...extra,
});

async function newImport(db: Db, tenantId: string, lines: NewLine[], accountId = 5) {
  return (
    await createImport(db, scopeOf(tenantId), {
      kind: 'payments',
      fileName: 'vypis.xml',
      digest: DIGEST,
      accountId,
      lines,
    })
  ).id;
}

async function statesOf(db: Db, tenantId: string, importId: string) {
  const detail = await readImport(db, scopeOf(tenantId), importId);
  return Object.fromEntries(detail!.lines.map((line) => [line.line, line.state]));
}

describe.each(databaseKinds)('an import’s lines on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  it('is stored with its lines as given, what will be sent carrying its externalId and account', async () => {
    const id = await newImport(database.db, '50001', [
      payment('a'),
      payment('b', { state: 'unmatched', document: null }),
      payment('c', { state: 'excluded', payload: null }),
      payment('d', { state: 'invalid', problems: [{ code: 'no-amount' }] }),
    ]);
    const detail = (await readImport(database.db, scopeOf('50001'), id))!;
    expect(detail).toMatchObject({ kind: 'payments', fileName: 'vypis.xml', fileDigest: DIGEST, accountId: '5' });
    expect(detail.createdBy).toBe('jana.novakova@example.sk');
    expect(detail.lines.map((line) => [line.line, line.state])).toEqual([
      ['1', 'ready'],
      ['2', 'unmatched'],
      ['3', 'excluded'],
      ['4', 'invalid'],
    ]);
    expect(detail.lines[0]!.payload).toEqual({
      dateOfPayment: '2026-11-20',
      sumOfPayment: 12.5,
      variableSymbol: '2026001',
      externalId: 'a',
      accountId: 5,
    });
    expect(detail.state).toBe('draft');
  });

  it('refuses what could never be sent: a ready line without a payload, a payment import without an account', async () => {
    await expect(newImport(database.db, '50002', [payment('a', { payload: null })])).rejects.toBeInstanceOf(
      ImportInputError,
    );
    await expect(
      createImport(database.db, scopeOf('50002'), { kind: 'payments', fileName: 'x', digest: DIGEST, lines: [] }),
    ).rejects.toBeInstanceOf(ImportInputError);
    await expect(
      newImport(database.db, '50002', [payment('a', { payload: { sumOfPayment: 'lots' } })]),
    ).rejects.toBeInstanceOf(ImportInputError);
    await expect(
      newImport(database.db, '50002', [payment('a', { line: 'x' }), payment('b', { line: 'x' })]),
    ).rejects.toBeInstanceOf(ImportInputError);
  });

  it('marks duplicate a line whose externalId came earlier in the file', async () => {
    const id = await newImport(database.db, '50003', [payment('a'), payment('b'), payment('a')]);
    expect(await statesOf(database.db, '50003', id)).toEqual({ 1: 'ready', 2: 'ready', 3: 'duplicate' });
    const view = importView((await readImport(database.db, scopeOf('50003'), id))!);
    expect(view.lines[2]!.problems).toEqual(['repeated-in-file']);
  });

  it('marks duplicate a line another import of the company sent, never one of another company', async () => {
    const first = await newImport(database.db, '50004', [payment('a'), payment('b'), payment('c')]);
    await queueLines(database.db, scopeOf('50004'), first, ['1', '2']);
    const elsewhere = await newImport(database.db, '50005', [payment('a')]);
    const second = await newImport(database.db, '50004', [payment('a'), payment('b'), payment('c')]);
    expect(await statesOf(database.db, '50004', second)).toEqual({ 1: 'duplicate', 2: 'duplicate', 3: 'ready' });
    expect(await statesOf(database.db, '50005', elsewhere)).toEqual({ 1: 'ready' });
    const detail = (await readImport(database.db, scopeOf('50004'), second))!;
    expect(detail.lines[0]!.problems).toEqual([{ code: 'already-sent', params: { importId: first, line: '1' } }]);

    // Sent by the first meanwhile: the third line of the second is duplicate from that moment (its page says so
    // when it is drawn), and queueing the second sends nothing.
    await queueLines(database.db, scopeOf('50004'), first, ['3']);
    expect(await statesOf(database.db, '50004', second)).toEqual({ 1: 'duplicate', 2: 'duplicate', 3: 'duplicate' });
    expect(await statesOf(database.db, '50005', elsewhere)).toEqual({ 1: 'ready' });
    expect(await queueLines(database.db, scopeOf('50004'), second, 'all-ready')).toEqual({
      queued: [],
      duplicate: [],
      probablyRecorded: [],
    });
    expect(await markDuplicates(database.db, scopeOf('50004'), second)).toEqual([]);
  });

  it('queues the ready lines, or those named (an unmatched one only when named), and withdraws them', async () => {
    const scope = scopeOf('50006');
    const id = await newImport(database.db, '50006', [
      payment('a'),
      payment('b', { state: 'unmatched' }),
      payment('c', { state: 'unmatched', payload: null }),
      payment('d', { state: 'excluded' }),
    ]);
    expect(await queueLines(database.db, scope, id, 'all-ready')).toEqual({
      queued: ['1'],
      duplicate: [],
      probablyRecorded: [],
    });
    expect((await queueLines(database.db, scope, id, ['2', '3', '4'])).queued).toEqual(['2']);
    expect(importView((await readImport(database.db, scope, id))!).state).toBe('sending');
    expect(await withdrawQueuedLines(database.db, scope, id, 'all')).toEqual(expect.arrayContaining(['1', '2']));
    expect(await statesOf(database.db, '50006', id)).toEqual({
      1: 'ready',
      2: 'unmatched',
      3: 'unmatched',
      4: 'excluded',
    });
  });

  it('lets the pages exclude, include and pair lines not yet sent, and nothing else', async () => {
    const scope = scopeOf('50007');
    const id = await newImport(database.db, '50007', [
      payment('a'),
      payment('b', { state: 'unmatched' }),
      payment('c'),
    ]);
    expect(await excludeLines(database.db, scope, id, ['1', '2'])).toEqual(expect.arrayContaining(['1', '2']));
    expect(await includeLines(database.db, scope, id, ['1', '2'])).toEqual(expect.arrayContaining(['1', '2']));
    expect(await statesOf(database.db, '50007', id)).toEqual({ 1: 'ready', 2: 'unmatched', 3: 'ready' });
    expect(await setLineState(database.db, scope, id, ['1'], { from: 'unmatched', to: 'excluded' })).toEqual([]);
    expect(await setLineState(database.db, scope, id, ['1'], { from: 'ready', to: 'excluded' })).toEqual(['1']);

    const paired = await pairLine(database.db, scope, id, '2', {
      payload: { dateOfPayment: '2026-11-20', sumOfPayment: 12.5, variableSymbol: '2026099' },
      document: { id: '99', documentNumber: 'OF2026099' },
    });
    expect(paired).toBe(true);
    const line = (await readImport(database.db, scope, id))!.lines[1]!;
    expect(line).toMatchObject({
      state: 'ready',
      document: { id: '99', documentNumber: 'OF2026099' },
      payload: { variableSymbol: '2026099', externalId: 'b', accountId: 5 },
    });

    // Once queued, a line is the sender's: the pages change nothing of it.
    await queueLines(database.db, scope, id, ['3']);
    expect(await excludeLines(database.db, scope, id, ['3'])).toEqual([]);
    expect(
      await pairLine(database.db, scope, id, '3', {
        payload: { dateOfPayment: '2026-11-20', sumOfPayment: 1 },
        document: null,
      }),
    ).toBe(false);
    // Another company's import is not found, whatever is asked of it.
    expect(await excludeLines(database.db, scopeOf('50008'), id, ['2'])).toEqual([]);
    expect(await queueLines(database.db, scopeOf('50008'), id, 'all-ready')).toEqual({
      queued: [],
      duplicate: [],
      probablyRecorded: [],
    });
    expect(await readImport(database.db, scopeOf('50008'), id)).toBeNull();
    expect(await readImport(database.db, scope, 'not-a-uuid')).toBeNull();
    // Nor is an id that is no import's at all: nothing is asked of the database.
    expect(await queueLines(database.db, scope, 'not-a-uuid', 'all-ready')).toEqual({
      queued: [],
      duplicate: [],
      probablyRecorded: [],
    });
    expect(await excludeLines(database.db, scope, '../1', ['1'])).toEqual([]);
  });

  it('answers the JSON view in the contract’s shape, and lists the company’s imports newest first with counts', async () => {
    const scope = scopeOf('50009');
    const older = await newImport(database.db, '50009', [payment('x')]);
    const id = await newImport(database.db, '50009', [payment('a'), payment('b', { state: 'excluded' })]);
    await queueLines(database.db, scope, id, ['1']);
    const view = importView((await readImport(database.db, scope, id))!);
    expect(view).toEqual({
      id,
      kind: 'payments',
      state: 'sending',
      lines: [
        {
          line: '1',
          state: 'queued',
          externalId: 'a',
          requestId: null,
          problems: [],
          document: { id: '7', documentNumber: 'OF2026001' },
          date: '2026-11-20',
          amount: '12.50',
          currency: 'EUR',
          variableSymbol: '2026001',
          reference: 'E2E-1',
        },
        expect.objectContaining({ line: '2', state: 'excluded', externalId: 'b' }),
      ],
    });
    const listed = await listImports(database.db, scope);
    expect(listed.map((summary) => summary.id)).toEqual([id, older]);
    expect(listed[0]!.counts).toMatchObject({ queued: 1, excluded: 1, ready: 0 });
    expect(listed[1]).toMatchObject({ state: 'draft', counts: expect.objectContaining({ ready: 1 }) });
    expect(await listImports(database.db, scopeOf('50010'))).toEqual([]);
  });

  it('holds an externalId in one line of the company at a time: the database refuses a second', async () => {
    const first = await newImport(database.db, '50011', [payment('a')]);
    const second = await newImport(database.db, '50011', [payment('b')]);
    await queueLines(database.db, scopeOf('50011'), first, 'all-ready');
    await expect(
      database.db.execute(sql`
        update import_lines set external_id = 'a', state = 'queued' where import_id = ${second}::uuid`),
    ).rejects.toThrow();
    const held = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from import_lines where tenant_id = '50011' and external_id = 'a'`),
    );
    expect(held[0]!.n).toBe(1);
  });

  if (kind === 'postgres') {
    it('two instances queueing the same line of two imports at once: one queues it, the other finds it duplicate', async () => {
      const other = await database.openAnotherInstance();
      for (let round = 0; round < 5; round++) {
        const tenantId = `5002${round}`;
        const lines = Array.from({ length: 50 }, (_, i) => payment(`race-${i}`));
        const one = await newImport(database.db, tenantId, lines);
        const two = await newImport(database.db, tenantId, lines);
        const results = await Promise.all([
          queueLines(database.db, scopeOf(tenantId), one, 'all-ready'),
          queueLines(other.db, scopeOf(tenantId), two, 'all-ready'),
        ]);
        expect(results.map((r) => r.queued.length).sort()).toEqual([0, 50]);
        const held = rowsOf<{ n: number }>(
          await database.db.execute(sql`
            select count(*)::int as n from import_lines where tenant_id = ${tenantId} and state = 'queued'`),
        );
        expect(held[0]!.n).toBe(50);
      }
    });
  }
});
