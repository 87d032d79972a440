import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readInvoiceSheet, SheetRefused, xlsxLimits } from '@/lib/features/imports/invoices/sheet';

import { csvBytes, itemRow, paddedSheetZip, reorderedZip, table, xlsxBytes } from './sheets';

const refusal = async (read: Promise<unknown>) =>
  read.then(
    () => null,
    (error: unknown) => {
      if (error instanceof SheetRefused) return { code: error.code, params: error.params };
      throw error;
    },
  );

/**
 * An XLSX is a zip whose own word on its sizes cannot be trusted (issue 30: a 429 KB upload inflated to 300 MB past
 * the cap and kept the server busy 8.5 minutes), and exceljs parked every uploaded sheet in a temporary file it never
 * removed. The unpacked bytes are counted as they are inflated and the reading stops at the cap
 * (`xlsxLimits.maxUnpackedBytes`; a smaller one here, so the bomb stays quick to make); nothing is left on disk.
 */
describe('a hostile workbook', () => {
  // The process's temporary folder, a fresh one for this file: exceljs's temporary files go there, and only there.
  const saved = process.env.TMPDIR;
  let folder = '';
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'sheet-temp-'));
    process.env.TMPDIR = folder;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(folder, { recursive: true, force: true });
  });

  const limits = { maxUnpackedBytes: 4 * 1024 * 1024 };

  it('that inflates far past the cap while declaring its true small size is refused as too large', async () => {
    const workbook = await xlsxBytes(table([itemRow()]));
    const bomb = paddedSheetZip(workbook, 40 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    expect(await readInvoiceSheet(workbook, 'f.xlsx', limits)).toMatchObject({ format: 'xlsx' });
    expect(await refusal(readInvoiceSheet(bomb, 'f.xlsx', limits))).toEqual({
      code: 'too-large',
      params: { limit: '10 MB' },
    });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('is read within the default cap when it unpacks below it, padding and all', async () => {
    const padded = paddedSheetZip(await xlsxBytes(table([itemRow()])), 8 * 1024 * 1024);
    expect(8 * 1024 * 1024).toBeLessThan(xlsxLimits.maxUnpackedBytes);
    expect((await readInvoiceSheet(padded, 'f.xlsx')).rows).toHaveLength(1);
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('reading an XLSX', () => {
  const saved = process.env.TMPDIR;
  let folder = '';
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'sheet-temp-'));
    process.env.TMPDIR = folder;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(folder, { recursive: true, force: true });
  });

  it('leaves no temporary file, whatever order its parts come in', async () => {
    // exceljs writes its sheets before its shared strings, as Excel does: the order that made it park them on disk.
    const written = await xlsxBytes(table([itemRow({ 'item.name': 'Chlieb' }), itemRow({ 'item.name': 'Rožok' })]), [
      { name: 'Vysvetlivky', rows: [['documentNumber'], ['x']] },
    ]);
    const stringsFirst = reorderedZip(written, (names) => [
      ...names.filter((name) => name === 'xl/sharedStrings.xml'),
      ...names.filter((name) => name !== 'xl/sharedStrings.xml'),
    ]);
    for (const bytes of [written, stringsFirst]) {
      const sheet = await readInvoiceSheet(bytes, 'f.xlsx');
      expect(sheet.rows.map((row) => row.text['item.name'])).toEqual(['Chlieb', 'Rožok']);
      expect(readdirSync(folder)).toEqual([]);
    }
  });

  it('leaves no temporary file when it is refused', async () => {
    const noHeader = await xlsxBytes([['what'], ['x']]);
    expect(await refusal(readInvoiceSheet(noHeader, 'f.xlsx'))).toMatchObject({ code: 'no-header' });
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('a hostile CSV sheet', () => {
  it('with a row longer than any sheet writes is refused as unreadable, not parsed at length', async () => {
    const rows = table([itemRow(), itemRow({ 'item.name': 'x'.repeat(1_000_000) })]);
    expect(await refusal(readInvoiceSheet(csvBytes(rows), 'f.csv'))).toEqual({
      code: 'unreadable',
      params: { reason: 'csv' },
    });
  });
});
