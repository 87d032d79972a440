import { describe, expect, it } from 'vitest';

import { invoiceTemplateXlsx } from '@/lib/features/imports/invoices/template';
import { readInvoiceSheetOffThread, readStatementOffThread } from '@/lib/features/imports/reading/off-thread';
import { createReaderPool, ReaderBusy, ReaderGaveUp } from '@/lib/features/imports/reading/pool';
import { guessCsvMapping } from '@/lib/features/imports/statements/csv-mapping';
import { StatementRefused } from '@/lib/features/imports/statements/refusal';

import { bytesOf, camt053, entry } from '../statements/statement-files';

/**
 * The import reader (lib/features/imports/reading/): an uploaded statement or invoice sheet is read in a worker
 * thread with a heap limit and a time budget, never on the thread that answers requests; at most a few at once, one
 * more refused as busy (a 429); a worker past its heap or its time is ended and the file refused, and the next file
 * gets a worker of its own.
 */

const statementOf = (entries: number) =>
  bytesOf(camt053(Array.from({ length: entries }, (_, at) => entry({ reference: `R${at}` })).join('')));

/** Settles to what the promise came to, without throwing. */
const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('a statement is read in a worker thread', () => {
  it('the request’s thread keeps running meanwhile: what it schedules during the read runs before the read ends', async () => {
    const bytes = statementOf(2_000);
    const events: string[] = [];
    const read = readStatementOffThread(bytes, {}, createReaderPool()).then((statement) => {
      events.push('read');
      return statement;
    });
    setImmediate(() => events.push('immediate'));
    const statement = await read;
    expect(statement.lines).toHaveLength(2_000);
    expect(events).toEqual(['immediate', 'read']);
  });

  it('a long statement crosses whole and in order, a part at a time (each taken when the thread is free)', async () => {
    const statement = await readStatementOffThread(statementOf(4_500), {}, createReaderPool());
    expect(statement.lines.map((line) => line.bankReference)).toEqual(
      Array.from({ length: 4_500 }, (_, at) => `R${at}`),
    );
    expect(statement.account.iban).toBe('SK9011000000002629123453');
  });

  it('its bytes are moved to the worker, not copied: the caller’s array is empty afterwards', async () => {
    const bytes = statementOf(3);
    const statement = await readStatementOffThread(bytes, {}, createReaderPool());
    expect(statement.lines.map((line) => line.bankReference)).toEqual(['R0', 'R1', 'R2']);
    expect(bytes.byteLength).toBe(0);
  });

  it('a refusal crosses the thread as the same refusal, with its details (a CSV’s header and the guess)', async () => {
    const csv = bytesOf('Dátum;Suma;Správa\n15.01.2026;10,00;faktúra\n');
    const error = await readStatementOffThread(csv, {}, createReaderPool()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StatementRefused);
    expect(error).toMatchObject({
      code: 'csv_mapping_required',
      details: { header: ['Dátum', 'Suma', 'Správa'], guess: guessCsvMapping(['Dátum', 'Suma', 'Správa']) },
    });
  });

  it('an invoice sheet too: the XLSX template reads as it does on the request’s thread', async () => {
    const sheet = await readInvoiceSheetOffThread(new Uint8Array(await invoiceTemplateXlsx()), 't.xlsx');
    expect(sheet.format).toBe('xlsx');
    expect(sheet.columns).toContain('documentNumber');
    expect(sheet.rows.length).toBeGreaterThan(0);
  });
});

describe('the worker’s limits', () => {
  it('a file needing more heap than the worker has ends it (ended by V8, not the process) and is refused', async () => {
    const pool = createReaderPool({ maxOldGenerationSizeMb: 24 });
    const error = await readStatementOffThread(statementOf(40_000), {}, pool).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReaderGaveUp);
    expect(error).toMatchObject({ why: 'memory' });
    // The same limits read a small statement: the next file gets a worker of its own.
    expect(pool.reading).toBe(0);
    expect((await readStatementOffThread(statementOf(3), {}, pool)).lines).toHaveLength(3);
  });

  it('a read past the time budget is ended and refused; the slot is free again', async () => {
    const pool = createReaderPool({ timeBudgetMs: 1 });
    const error = await readStatementOffThread(statementOf(3), {}, pool).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReaderGaveUp);
    expect(error).toMatchObject({ why: 'time' });
    expect(pool.reading).toBe(0);
  });
});

describe('how many at once', () => {
  it('beyond the workers, a file is refused at once as busy (429, try again), and taken once one is free', async () => {
    const pool = createReaderPool({ workers: 2 });
    const first = outcome(readStatementOffThread(statementOf(3), {}, pool));
    const second = outcome(readStatementOffThread(statementOf(3), {}, pool));
    expect(pool.reading).toBe(2);
    const third = await readStatementOffThread(statementOf(3), {}, pool).catch((caught: unknown) => caught);
    expect(third).toBeInstanceOf(ReaderBusy);
    expect((third as ReaderBusy).answer).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 10 });

    expect(await first).toMatchObject({ value: { lines: [{}, {}, {}] } });
    expect(await second).toMatchObject({ value: { lines: [{}, {}, {}] } });
    expect(pool.reading).toBe(0);
    expect((await readStatementOffThread(statementOf(3), {}, pool)).lines).toHaveLength(3);
  });
});
