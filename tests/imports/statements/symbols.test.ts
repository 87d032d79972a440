import { describe, expect, it } from 'vitest';

import { normaliseIban } from '@/lib/features/imports/statements/iban';
import { firstSymbols, symbolsIn, symbolsInReference } from '@/lib/features/imports/statements/symbols';

const none = { variable: null, specific: null, constant: null };
const vs = (variable: string) => ({ ...none, variable });

/**
 * The Slovak payment symbols (lib/features/imports/statements/symbols.ts) wherever payers and banks write them, and
 * the IBAN check (iban.ts).
 */
describe('payment symbols', () => {
  it('reads the banks’ slash form of EndToEndId, any of the three missing or empty', () => {
    expect(symbolsIn('/VS0123456789/SS9876543210/KS0308')).toEqual({
      variable: '0123456789',
      specific: '9876543210',
      constant: '0308',
    });
    expect(symbolsIn('/VS2026001/SS/KS0308')).toEqual({ variable: '2026001', specific: null, constant: '0308' });
    expect(symbolsIn('/VS/SS/KS0308')).toEqual({ ...none, constant: '0308' });
    expect(symbolsIn('/SS42')).toEqual({ ...none, specific: '42' });
    expect(symbolsIn('/VS2026001')).toEqual(vs('2026001'));
    expect(symbolsIn('/VS/2026001/SS/11/KS/0308')).toEqual({ variable: '2026001', specific: '11', constant: '0308' });
  });

  it('reads what payers write in a message', () => {
    for (const message of [
      'VS 2026001',
      'VS:2026001',
      'vs2026001',
      'Vs. 2026001',
      'v.s. 2026001',
      'V.S.2026001',
      'úhrada faktúry, VS=2026001, ďakujem',
      'variabilný symbol 2026001',
      'Variabilni symbol: 2026001',
      'var. symb. 2026001',
      'Invoice 17 variable symbol 2026001',
      'INV-17/VS2026001',
    ]) {
      expect(symbolsIn(message), message).toEqual(vs('2026001'));
    }
    expect(symbolsIn('Platba KS 0308 SS 12345')).toEqual({ ...none, specific: '12345', constant: '0308' });
    expect(symbolsIn('konštantný symbol 0008')).toEqual({ ...none, constant: '0008' });
  });

  it('takes no symbol from longer numbers, other words or nothing', () => {
    expect(symbolsIn('VS 12345678901')).toEqual(none); // 11 digits: no variable symbol
    expect(symbolsIn('KS 03081')).toEqual(none); // a constant symbol has at most 4 digits
    expect(symbolsIn('ADVS 2026001')).toEqual(none); // the mark ends a longer word
    expect(symbolsIn('PRESS 12 KUSOV')).toEqual(none);
    expect(symbolsIn('Faktúra 2026001')).toEqual(none);
    expect(symbolsIn('VS abc')).toEqual(none);
    expect(symbolsIn(null)).toEqual(none);
    expect(symbolsIn('')).toEqual(none);
  });

  it('reads a structured reference: the slash form, a bare number, or an RF creditor reference without its zeros', () => {
    expect(symbolsInReference('/VS2026005/SS/KS0308')).toEqual({
      variable: '2026005',
      specific: null,
      constant: '0308',
    });
    expect(symbolsInReference('2026005')).toEqual(vs('2026005'));
    expect(symbolsInReference('RF92 2026 104')).toEqual(vs('2026104'));
    expect(symbolsInReference('RF18000000000000002026104')).toEqual(vs('2026104'));
    expect(symbolsInReference('RF18 ABC 123')).toEqual(none);
    expect(symbolsInReference('12345678901')).toEqual(none);
  });

  it('each symbol comes from the first source that has it', () => {
    expect(
      firstSymbols([{ ...none, constant: '0308' }, vs('111'), { variable: '222', specific: '5', constant: '0008' }]),
    ).toEqual({ variable: '111', specific: '5', constant: '0308' });
  });
});

describe('IBANs', () => {
  it('are kept in their electronic form when valid, and are null (never an error) when not', () => {
    expect(normaliseIban('SK77 0900 0000 0050 1234 5674')).toBe('SK7709000000005012345674');
    expect(normaliseIban('sk7709000000005012345674')).toBe('SK7709000000005012345674');
    expect(normaliseIban('IBAN: DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(normaliseIban('SK7709000000005012345675')).toBeNull(); // check digits
    expect(normaliseIban('SK0911000000002629123456')).toBeNull(); // Slovak account number check (mod 11)
    expect(normaliseIban('2940012342/1100')).toBeNull();
    expect(normaliseIban('')).toBeNull();
    expect(normaliseIban(null)).toBeNull();
  });
});
