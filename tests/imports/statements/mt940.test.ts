import { describe, expect, it } from 'vitest';

import { readStatement } from '@/lib/features/imports/statements/read-statement';
import { isStatementRefused } from '@/lib/features/imports/statements/refusal';

import { bytesOf, expectShared, said, statementFile } from './statement-files';

const none = { variable: null, specific: null, constant: null };

/** A one-statement MT940 around `lines` (:61:/:86: pairs), balances as given. */
const mt940 = (lines: string, { opening = '100,00', closing = '110,00', account = 'SK9011000000002629123453' } = {}) =>
  `:20:T1\n:25:${account}\n:28C:1/1\n:60F:C260114EUR${opening}\n${lines}\n:62F:C260115EUR${closing}\n-\n`;

/**
 * MT940 (lib/features/imports/statements/mt940.ts): read through mt940js (tags, statements, balances), with amounts
 * and dates taken again from each :61: as written; the :86: in the shapes Slovak banks write it.
 */
describe('MT940 statements', () => {
  it('reads ?NN sub-fields (windows-1250): message ?20–?29, name ?32+?33, IBAN ?38 or ?31, symbols, the // reference', () => {
    const statement = expectShared(readStatement(statementFile('mt940-subfields-cp1250.sta')));
    expect(statement.format).toBe('mt940');
    expect(statement.account).toEqual({ iban: 'SK9011000000002629123453', currency: 'EUR', number: null, owner: null });
    expect(said(statement)).toEqual([
      {
        occurrence: 1,
        bookingDate: '2026-01-15',
        direction: 'credit',
        amount: '120.50',
        currency: 'EUR',
        bankReference: '2026011500001',
        // A sub-field of symbols alone is the end-to-end reference, not the message.
        endToEndId: '/VS2026001/SS/KS0308',
        symbols: { variable: '2026001', specific: null, constant: '0308' },
        counterparty: { name: 'Ján Novák', iban: 'SK7709000000005012345674' },
        message: 'Faktúra 2026001',
      },
      {
        occurrence: 1,
        bookingDate: '2026-01-15',
        direction: 'credit',
        amount: '99.90',
        currency: 'EUR',
        bankReference: '2026011500002',
        endToEndId: null,
        symbols: { ...none, variable: '2026007' },
        // ?32 is full (27 characters) and runs on in ?33 without a space.
        counterparty: { name: 'Stavebniny a drevo Kôš, s.r.o.', iban: 'SK4111000000002940012342' },
        message: 'Úhrada faktúry VS 2026007',
      },
      {
        occurrence: 1,
        bookingDate: '2026-01-15',
        direction: 'debit',
        amount: '45.00',
        currency: 'EUR',
        bankReference: '2026011500003',
        endToEndId: '/VS1234567890/SS/KS0308',
        symbols: { variable: '1234567890', specific: null, constant: '0308' },
        counterparty: { name: 'Telekomunikácie Západ, a.s.', iban: 'SK4302000000003500012343' },
        message: null,
      },
      expect.objectContaining({ occurrence: 1, amount: '50.00', bankReference: null, message: 'VS2026004' }),
      expect.objectContaining({ occurrence: 2, amount: '50.00', bankReference: null, message: 'VS2026004' }),
      // ?31 holds an IBAN whose check digits fail: unknown, not an error.
      expect.objectContaining({ amount: '75.00', counterparty: { name: 'Zlatica Veselá', iban: null }, symbols: none }),
    ]);
  });

  it('reads /TAG/ sub-fields and free text across two statements of one account in message blocks', () => {
    const statement = expectShared(readStatement(statementFile('mt940-slash-tags.sta')));
    // :25: is a domestic account number, no IBAN: the lines still have their ids from it.
    // A national account number is no IBAN: kept as the bank wrote it, to be shown; :25: names no owner.
    expect(statement.account).toEqual({ iban: null, currency: 'EUR', number: '7500/4000123455', owner: null });
    expect(said(statement)).toEqual([
      {
        occurrence: 1,
        bookingDate: '2025-12-31', // value date 2 January 2026, booked on 31 December: the year before
        direction: 'credit',
        amount: '300.00',
        currency: 'EUR',
        bankReference: '20251231000123',
        endToEndId: null,
        symbols: { variable: '2026301', specific: '0000000000', constant: '0308' },
        // The IBAN broken over two lines of the :86: is whole again.
        counterparty: { name: 'Hotel Tatry a.s.', iban: 'SK6856000000007770001116' },
        message: 'Úhrada faktúry 2026301',
      },
      expect.objectContaining({
        direction: 'debit',
        amount: '12.34',
        counterparty: { name: 'Banka', iban: null },
        message: 'Poplatok za vedenie účtu',
      }),
      expect.objectContaining({
        bookingDate: '2026-01-05',
        amount: '0.10',
        symbols: { ...none, variable: '2026302' },
        counterparty: { name: 'Jozef Hraško', iban: 'SK1607200000001234567899' },
      }),
      expect.objectContaining({ amount: '0.20', symbols: { ...none, variable: '2026303' }, message: 'vs2026303' }),
      // RD: the reversal of a debit is money in.
      expect.objectContaining({ direction: 'credit', amount: '12.34', message: 'Storno poplatku' }),
      expect.objectContaining({
        amount: '25.00',
        symbols: { ...none, variable: '2026304' },
        counterparty: { name: null, iban: null },
        message: 'Platba od Mária Hrušková vs2026304 ďakujem',
      }),
    ]);
  });

  it('RC, the reversal of a credit, is money out; C and D as they say', () => {
    const statement = readStatement(
      bytesOf(
        mt940(
          [
            ':61:2601150115C20,00NTRFNONREF//R1',
            ':86:Platba',
            ':61:2601150115RC5,00NTRFNONREF//R2',
            ':86:Storno platby',
            ':61:2601150115D5,00NMSCNONREF//R3',
            ':86:Poplatok',
          ].join('\n'),
        ),
      ),
    );
    expect(statement.lines.map((line) => [line.direction, line.amount])).toEqual([
      ['credit', '20.00'],
      ['debit', '5.00'],
      ['debit', '5.00'],
    ]);
  });

  it('keeps the largest amount MT940 allows (15 characters) exactly as written, and a bare comma as .00', () => {
    const statement = readStatement(
      bytesOf(
        mt940(':61:2601150115C999999999999,99NTRFNONREF//BIG\n:86:Veľa\n:61:2601150115C1,NTRFNONREF//ONE\n:86:Jedno', {
          opening: '0,',
          closing: '1000000000000,99',
        }),
      ),
    );
    expect(statement.lines.map((line) => line.amount)).toEqual(['999999999999.99', '1.00']);
  });

  it('refuses MT940 whose lines do not add up to its balances, or that lacks a mandatory tag', () => {
    const unbalanced = mt940(':61:2601150115C20,00NTRFNONREF//R1\n:86:Platba', { closing: '150,00' });
    const refusal = (text: string) => {
      try {
        readStatement(bytesOf(text));
      } catch (error) {
        return isStatementRefused(error) ? error.code : error;
      }
      return 'read';
    };
    expect(refusal(unbalanced)).toBe('mt940_malformed');
    expect(refusal(unbalanced.replace(':28C:1/1\n', ''))).toBe('mt940_malformed');
  });

  it('refuses a file of two accounts’ statements: one import is one account', () => {
    const two =
      mt940(':61:2601150115C10,00NTRFNONREF//A\n:86:x') +
      mt940(':61:2601150115C10,00NTRFNONREF//B\n:86:y', { account: 'SK1875000000004000123455' });
    expect(() => readStatement(bytesOf(two))).toThrow(expect.objectContaining({ code: 'several_accounts' }));
  });
});
