import { describe, expect, it } from 'vitest';

import { documentTexts } from '@/lib/base/i18n/documents';
import { exportColumns, type ExportRow } from '@/lib/features/documents/export/columns';
import { csvStream } from '@/lib/platform/files/csv';
import { xlsxStream } from '@/lib/platform/files/xlsx';

import { TODAY } from '../support/sandbox';

/**
 * The export's body starts before the database is read and goes on while it is read: the first bytes leave before
 * the first batch is asked for, rows leave batch by batch (never the whole list first), and the totals (read last)
 * are asked for only once every batch is out. Structural, not timed: the batches come from a reader that records
 * what was asked of it when.
 */

const columns = exportColumns('invoices', documentTexts.sk);
const BATCHES = 6;
const ROWS_PER_BATCH = 500;

function row(index: number): ExportRow {
  return {
    id: String(index),
    documentNumber: `OF${String(index).padStart(10, '0')}`,
    issueDate: '2026-03-01',
    dueDate: '2026-03-15',
    deliveryDate: null,
    partnerName: `Odberateľ ${index} s.r.o.`,
    registrationId: '36123456',
    variableSymbol: String(index),
    currency: 'EUR',
    totalExclVat: '100.00',
    totalInclVat: '120.50',
    totalInclVatCurrency: '120.50',
    sumForPayment: '120.50',
    sumOfPayments: '0',
    paymentStatus: 0,
    invoiceType: '0',
    documentType: null,
  };
}

/**
 * Batches given one at a time: each waits until the test lets it go (`next`), so the test knows exactly how many
 * rows the writer had when a chunk came out. The totals are recorded when asked for.
 */
function gatedBatches() {
  const state = { given: 0, finished: false, totalsAsked: false };
  let permits = 0;
  let wake: (() => void) | null = null;
  async function* batches() {
    for (let batch = 0; batch < BATCHES; batch += 1) {
      while (permits === 0) await new Promise<void>((resolve) => (wake = resolve));
      permits -= 1;
      state.given += 1;
      yield Array.from({ length: ROWS_PER_BATCH }, (_, index) => row(batch * ROWS_PER_BATCH + index));
    }
    state.finished = true;
  }
  const next = () => {
    permits += 1;
    wake?.();
  };
  const totals = () => {
    state.totalsAsked = true;
    return Promise.resolve([]);
  };
  return { state, batches: batches(), next, totals };
}

describe.each(['csv', 'xlsx'] as const)('the %s export’s body', (format) => {
  const open = (gated: ReturnType<typeof gatedBatches>) => {
    const failures: unknown[] = [];
    const options = { locale: 'sk' as const, today: TODAY, totals: gated.totals, failed: failures.push.bind(failures) };
    const body =
      format === 'csv'
        ? csvStream(columns, gated.batches, options)
        : xlsxStream(columns, gated.batches, { ...options, sheet: 'Faktúry' });
    return { reader: body.getReader(), failures };
  };

  it('yields its first bytes before any row is read', async () => {
    const gated = gatedBatches();
    const { reader } = open(gated);
    const first = await reader.read();
    expect(first.done).toBe(false);
    if (format === 'csv') {
      // The BOM, then the header row: both before a row is read.
      let text = Buffer.from(first.value!).toString('utf8');
      while (!text.includes('\r\n')) text += Buffer.from((await reader.read()).value!).toString('utf8');
      expect(text).toMatch(/^\uFEFF"Číslo dokladu";"Druh";/);
    }
    expect(gated.state.given).toBe(0);
    await reader.cancel();
  });

  it('lets each batch’s rows out before the next batch is read, and asks for the totals only at the end', async () => {
    const gated = gatedBatches();
    const { reader, failures } = open(gated);
    let bytes = 0;
    let text = '';
    const readChunk = async () => {
      const { done, value } = await reader.read();
      expect(done).toBe(false);
      bytes += value!.byteLength;
      // The tail is enough: reading stops at the chunk that brings the awaited row.
      if (format === 'csv') text = (text + Buffer.from(value!).toString('utf8')).slice(-4096);
    };
    for (let batch = 1; batch <= BATCHES; batch += 1) {
      expect(gated.state).toMatchObject({ given: batch - 1, totalsAsked: false });
      gated.next();
      // Out before the next batch is given: CSV its last row itself; XLSX (deflated) most of its bytes, some kept
      // back by the compressor until more come (a batch deflates to about 20 KB).
      const lastNumber = row(batch * ROWS_PER_BATCH - 1).documentNumber!;
      const out = () => (format === 'csv' ? text.includes(lastNumber) : bytes > (batch - 1) * 15_000);
      while (!out()) await readChunk();
      expect(gated.state.given).toBe(batch);
    }
    while (!(await reader.read()).done);
    expect(gated.state).toEqual({ given: BATCHES, finished: true, totalsAsked: true });
    expect(failures).toEqual([]);
  });
});
