import { describe, expect, it } from 'vitest';

import { readCsvStatement } from '@/lib/features/imports/statements/csv';
import { csvMappingSchema } from '@/lib/features/imports/statements/csv-mapping';
import {
  accountKeyOf,
  identifyLines,
  type LineDraft,
  lineIdentityKey,
  statementExternalId,
} from '@/lib/features/imports/statements/identity';
import { readStatement } from '@/lib/features/imports/statements/read-statement';

import { bytesOf, camt053, entry, statementFile } from './statement-files';

const draft = (change: Partial<LineDraft> = {}): LineDraft => ({
  bookingDate: '2026-01-15',
  direction: 'credit',
  amount: '50.00',
  currency: 'EUR',
  bankReference: null,
  endToEndId: '/VS2026004',
  symbols: { variable: '2026004', specific: null, constant: null },
  counterparty: { name: 'Eva Malá', iban: 'SK1607200000001234567899' },
  message: 'členský príspevok',
  ...change,
});

/**
 * Our `externalId` of a statement line (lib/features/imports/statements/identity.ts): stable across downloads of the
 * same statement, different for legitimate identical twins, at most 50 characters, URL-safe.
 */
describe('the externalId of a statement line', () => {
  it('is "st-" and 43 base64url characters: 46 in all, within the service’s 50', () => {
    const id = statementExternalId(lineIdentityKey('SK9011000000002629123453', draft()), 1);
    expect(id).toMatch(/^st-[A-Za-z0-9_-]{43}$/);
    expect(id.length).toBeLessThanOrEqual(50);
    expect(statementExternalId(lineIdentityKey('SK9011000000002629123453', draft()), 1)).toBe(id);
  });

  it('differs by occurrence, account, bank reference, direction, amount, currency and date', () => {
    const key = lineIdentityKey('A', draft({ bankReference: 'R1' }));
    const ids = [
      statementExternalId(key, 1),
      statementExternalId(key, 2),
      statementExternalId(lineIdentityKey('B', draft({ bankReference: 'R1' })), 1),
      statementExternalId(lineIdentityKey('A', draft({ bankReference: 'R2' })), 1),
      statementExternalId(lineIdentityKey('A', draft({ bankReference: 'R1', direction: 'debit' })), 1),
      statementExternalId(lineIdentityKey('A', draft({ bankReference: 'R1', amount: '50.01' })), 1),
      statementExternalId(lineIdentityKey('A', draft({ bankReference: 'R1', currency: 'CZK' })), 1),
      statementExternalId(lineIdentityKey('A', draft({ bankReference: 'R1', bookingDate: '2026-01-16' })), 1),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('with a bank reference, does not depend on what the bank may write differently (the message, the name)', () => {
    const one = lineIdentityKey('A', draft({ bankReference: 'R1' }));
    const other = lineIdentityKey(
      'A',
      draft({ bankReference: 'R1', message: 'iný text', counterparty: { name: null, iban: null } }),
    );
    expect(other).toBe(one);
    // Without one, what the payment says tells lines apart.
    expect(lineIdentityKey('A', draft({ message: 'iný text' }))).not.toBe(lineIdentityKey('A', draft()));
  });

  it('counts identical twins in file order: 1, 2, 3, and each kind of line on its own', () => {
    const lines = identifyLines('A', [
      draft(),
      draft({ amount: '60.00' }),
      draft(),
      draft(),
      draft({ amount: '60.00' }),
    ]);
    expect(lines.map((line) => [line.index, line.occurrence])).toEqual([
      [0, 1],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 2],
    ]);
    expect(new Set(lines.map((line) => line.externalId)).size).toBe(5);
  });

  it('names the account by its IBAN, else by its number as written, compacted', () => {
    expect(accountKeyOf({ iban: 'SK9011000000002629123453', id: 'ignored' })).toBe('SK9011000000002629123453');
    expect(accountKeyOf({ iban: null, id: ' 7500/4000123455 ' })).toBe('7500/4000123455');
    expect(accountKeyOf({ iban: null })).toBe('');
  });

  it('is the same for the same line in a later download of the statement (camt.053), twins included', () => {
    const first = readStatement(statementFile('camt053-001-02.xml')).lines;
    const later = readStatement(statementFile('camt053-001-02-later.xml')).lines;
    const byId = new Map(first.map((line) => [line.externalId, line]));
    // The later download holds five of the first's lines (at other places) and a new one.
    const again = later.filter((line) => byId.has(line.externalId));
    expect(again.map((line) => [line.amount, line.occurrence])).toEqual([
      ['120.50', 1],
      ['1234567.89', 1],
      ['50.00', 1],
      ['50.00', 2],
      ['75.00', 1],
    ]);
    for (const line of again) expect(byId.get(line.externalId)!.bankReference).toBe(line.bankReference);
    expect(later.filter((line) => !byId.has(line.externalId)).map((line) => line.amount)).toEqual(['210.00']);
    expect(later.map((line) => line.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('is the same however the file is laid out or its statement numbered, and differs for another account', () => {
    const lines = (text: string) => readStatement(bytesOf(text)).lines.map((line) => line.externalId);
    const entries = entry({ amount: '5.00', reference: 'X1' }) + entry({ amount: '5.00' }) + entry({ amount: '5.00' });
    const plain = lines(camt053(entries));
    expect(lines(camt053(entries).replace(/></g, '>\n  <').replace('<Id>S</Id>', '<Id>S-2</Id>'))).toEqual(plain);
    expect(lines(camt053(entries, { version: '08' }))).toEqual(plain);
    expect(lines(camt053(entries, { iban: 'SK1875000000004000123455' }))).not.toContain(plain[0]);
    expect(new Set(plain).size).toBe(3);
  });

  it('for a CSV without the account in it, comes from the account the import names', () => {
    const mapping = csvMappingSchema.parse({ columns: { date: 'Dátum', amount: 'Suma' } });
    const bytes = bytesOf('Dátum;Suma\n15.01.2026;10,00\n');
    const ids = (account?: string) => readCsvStatement(bytes, mapping, { account }).lines[0]!.externalId;
    expect(ids('SK9011000000002629123453')).not.toBe(ids('SK1875000000004000123455'));
    expect(ids('SK9011000000002629123453')).toBe(ids('SK90 1100 0000 0026 2912 3453'));
  });
});
