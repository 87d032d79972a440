import { describe, expect, it } from 'vitest';

import { indexOpenInvoices } from '@/lib/features/imports/open-invoice-index';
import { pairByHand, pairStatement } from '@/lib/features/imports/pairing';
import { markedSymbolOf, numbersInMessage, symbolKey } from '@/lib/features/imports/symbols';

import { line, openInvoice } from './pairing-fixture';

/**
 * Pairing a statement's credits with the company's open invoices, as the service will pair the payments once sent:
 * by variable symbol, by the interface's rule among several, and only suggested without a symbol.
 */
const pairOne = (...args: Parameters<typeof pairStatement>) => pairStatement(...args)[0]!;

describe('pairing by variable symbol', () => {
  it('pairs a payment of exactly what is left to pay with the invoice carrying its symbol', () => {
    const pairing = pairOne(
      [line({ vs: '2026000010', amount: '120.50' })],
      [
        openInvoice({ id: '7', variableSymbol: '2026000010', amountDue: '120.5', documentNumber: 'OF2026000010' }),
        openInvoice({ id: '8', variableSymbol: '2026000011', amountDue: '120.50' }),
      ],
    );
    expect(pairing).toEqual({
      state: 'ready',
      document: { id: '7', documentNumber: 'OF2026000010', variableSymbol: '2026000010' },
      match: 'exact',
      suggestion: null,
      sharedSymbol: false,
      reasons: [],
      variableSymbol: '2026000010',
    });
  });

  it('says a smaller payment is partial and a larger one over, and keeps both ready', () => {
    const invoices = [openInvoice({ id: '7', amountDue: '120.50' })];
    expect(pairOne([line({ vs: '7', amount: '20.50' })], invoices)).toMatchObject({ state: 'ready', match: 'partial' });
    expect(pairOne([line({ vs: '7', amount: '120.51' })], invoices)).toMatchObject({ state: 'ready', match: 'over' });
  });

  it('compares what is left to pay on a partly paid invoice, not its total', () => {
    const invoices = [openInvoice({ id: '7', total: '300.00', amountDue: '100.00' })];
    expect(pairOne([line({ vs: '7', amount: '100' })], invoices).match).toBe('exact');
  });

  it('ignores the zeros a bank pads a symbol with, and sends the invoice’s own symbol', () => {
    const invoices = [openInvoice({ id: '7', variableSymbol: '12345' })];
    const pairing = pairOne([line({ vs: '0000012345' })], invoices);
    expect(pairing).toMatchObject({ state: 'ready', document: { id: '7' }, variableSymbol: '12345' });
    // And the other way round: the invoice's symbol padded, the payer's not.
    const padded = [openInvoice({ id: '9', variableSymbol: '0012345' })];
    expect(pairOne([line({ vs: '12345' })], padded)).toMatchObject({
      document: { id: '9' },
      variableSymbol: '0012345',
    });
    // A symbol of zeros only is no symbol.
    expect(pairOne([line({ vs: '0000000000' })], invoices).reasons).toEqual(['no-symbol']);
  });

  it('reads the symbol from the EndToEndId when the line’s reader left it out', () => {
    const pairing = pairOne(
      [line({ endToEndId: '/VS0000012345/SS/KS0308' })],
      [openInvoice({ id: '7', variableSymbol: '12345' })],
    );
    expect(pairing).toMatchObject({ state: 'ready', document: { id: '7' }, reasons: [] });
  });
});

describe('several open invoices with one symbol: the interface’s rule', () => {
  const shared = (spec: Parameters<typeof openInvoice>[0]) => openInvoice({ variableSymbol: '555', ...spec });

  it('pays the one whose amount left to pay is the payment’s, however young', () => {
    const invoices = [
      shared({ id: '1', issueDate: '2026-01-10', amountDue: '80.00' }),
      shared({ id: '2', issueDate: '2026-03-10', amountDue: '100.00' }),
    ];
    const pairing = pairOne([line({ vs: '555', amount: '100.00' })], invoices);
    expect(pairing).toMatchObject({
      document: { id: '2' },
      match: 'exact',
      sharedSymbol: true,
      reasons: ['shared-symbol'],
    });
  });

  it('pays the oldest when the amount decides nothing', () => {
    const invoices = [
      shared({ id: '3', issueDate: '2026-03-10', amountDue: '80.00' }),
      shared({ id: '1', issueDate: '2026-01-10', amountDue: '90.00' }),
      shared({ id: '2', issueDate: '2026-02-10', amountDue: '70.00' }),
    ];
    expect(pairOne([line({ vs: '555', amount: '100.00' })], invoices)).toMatchObject({
      document: { id: '1' },
      match: 'over',
      sharedSymbol: true,
    });
    // Among those of the payment's amount too.
    const equal = invoices.map((invoice) => ({ ...invoice, amountDue: '100.00' }));
    expect(pairOne([line({ vs: '555', amount: '100.00' })], equal).document?.id).toBe('1');
  });

  it('pays an advance invoice before a regular one the symbol matches equally, even an older regular one', () => {
    const invoices = [
      shared({ id: '1', issueDate: '2026-01-10', kind: 'regular' }),
      shared({ id: '2', issueDate: '2026-02-10', kind: 'advance' }),
    ];
    expect(pairOne([line({ vs: '555', amount: '100.00' })], invoices).document?.id).toBe('2');
    expect(pairOne([line({ vs: '555', amount: '10.00' })], invoices).document?.id).toBe('2');
  });

  it('still lets the amount decide before the advance invoice', () => {
    const invoices = [
      shared({ id: '1', kind: 'advance', amountDue: '500.00' }),
      shared({ id: '2', kind: 'regular', amountDue: '100.00' }),
    ];
    expect(pairOne([line({ vs: '555', amount: '100.00' })], invoices).document?.id).toBe('2');
  });

  it('applies the lines in order: a second payment of the symbol finds the first one’s invoice paid', () => {
    const invoices = [
      shared({ id: '1', issueDate: '2026-01-10', amountDue: '100.00' }),
      shared({ id: '2', issueDate: '2026-02-10', amountDue: '100.00' }),
    ];
    const twins = [line({ index: 0, vs: '555' }), line({ index: 1, vs: '555', occurrence: 2 })];
    const [first, second] = pairStatement(twins, invoices);
    expect(first).toMatchObject({ document: { id: '1' }, sharedSymbol: true });
    expect(second).toMatchObject({ document: { id: '2' }, match: 'exact', sharedSymbol: false });
  });

  it('pays a partly paid invoice off over two lines, and leaves a third payment unmatched', () => {
    const invoices = [openInvoice({ id: '7', amountDue: '100.00' })];
    const lines = [
      line({ index: 0, vs: '7', amount: '40.00' }),
      line({ index: 1, vs: '7', amount: '60.00' }),
      line({ index: 2, vs: '7', amount: '60.00' }),
    ];
    const [a, b, c] = pairStatement(lines, invoices);
    expect([a?.match, b?.match]).toEqual(['partial', 'exact']);
    expect(c).toMatchObject({ state: 'unmatched', reasons: ['paid-by-earlier-line'], variableSymbol: '7' });
  });
});

describe('foreign payers: the symbol in the message', () => {
  const invoices = [openInvoice({ id: '7', variableSymbol: '2026000010' })];

  it('pairs by a symbol the payer marked in the message', () => {
    for (const message of [
      'VS 2026000010',
      'payment vs:2026000010 thanks',
      '/VS/2026000010',
      'Variabilný symbol 2026000010',
    ]) {
      expect(pairOne([line({ message })], invoices), message).toMatchObject({
        state: 'ready',
        document: { id: '7' },
        reasons: ['symbol-from-message'],
      });
    }
  });

  it('pairs by a number of the message that is an open invoice’s symbol, not by any number', () => {
    expect(pairOne([line({ message: 'Invoice OF2026000010, order 4411' })], invoices)).toMatchObject({
      state: 'ready',
      document: { id: '7' },
      reasons: ['symbol-from-message'],
    });
    expect(pairOne([line({ message: 'Invoice 2026000099' })], invoices)).toMatchObject({
      state: 'unmatched',
      reasons: ['no-symbol'],
      variableSymbol: null,
    });
  });

  it('keeps a marked symbol no open invoice carries as the line’s own, unmatched', () => {
    expect(pairOne([line({ message: 'VS 999' })], invoices)).toMatchObject({
      state: 'unmatched',
      reasons: ['unknown-symbol', 'symbol-from-message'],
      variableSymbol: '999',
    });
  });
});

describe('without a symbol: a suggestion, never a pairing', () => {
  const iban = 'SK3112000000198742637541';

  it('suggests the open invoice of exactly the amount whose partner paid from the payer’s account before', () => {
    const invoices = [
      openInvoice({ id: '1', variableSymbol: '111', amountDue: '100.00', partnerIbans: [] }),
      openInvoice({ id: '2', variableSymbol: '222', amountDue: '100.00', partnerIbans: [iban], partnerName: 'Iný' }),
    ];
    const pairing = pairOne([line({ iban: 'sk31 1200 0000 1987 4263 7541', payer: 'Obchod Hruška' })], invoices);
    expect(pairing).toEqual({
      state: 'unmatched',
      document: null,
      match: null,
      suggestion: { document: { id: '2', documentNumber: 'OF2', variableSymbol: '222' }, by: 'iban', candidates: 1 },
      sharedSymbol: false,
      reasons: ['no-symbol'],
      variableSymbol: null,
    });
  });

  it('suggests by the payer’s name as the bank writes it (capitals, no diacritics, legal form, cut off)', () => {
    const invoices = [openInvoice({ id: '1', partnerName: 'Záhradníctvo Ľaliová dolina s.r.o.' })];
    for (const payer of ['ZAHRADNICTVO LALIOVA DOLINA S.R.O.', 'Zahradnictvo Laliova doli', 'LALIOVA DOLINA, SRO']) {
      expect(pairOne([line({ payer })], invoices).suggestion, payer).toMatchObject({
        document: { id: '1' },
        by: 'name',
      });
    }
    for (const payer of ['JAN', 'Záhradníctvo Ruža s.r.o.', null]) {
      expect(pairOne([line({ payer })], invoices).suggestion, String(payer)).toBeNull();
    }
  });

  it('suggests nothing for another amount, and the oldest (an advance first) of several', () => {
    const invoices = [
      openInvoice({ id: '1', issueDate: '2026-01-01', amountDue: '99.99' }),
      openInvoice({ id: '2', issueDate: '2026-03-01' }),
      openInvoice({ id: '3', issueDate: '2026-02-01' }),
    ];
    const payer = 'Obchod Hruška s.r.o.';
    expect(pairOne([line({ payer, amount: '100.00' })], invoices).suggestion).toEqual({
      document: { id: '3', documentNumber: 'OF3', variableSymbol: '3' },
      by: 'name',
      candidates: 2,
    });
    const withAdvance = [...invoices, openInvoice({ id: '4', issueDate: '2026-04-01', kind: 'advance' })];
    expect(pairOne([line({ payer })], withAdvance).suggestion?.document.id).toBe('4');
    expect(pairOne([line({ payer, amount: '50.00' })], invoices).suggestion).toBeNull();
  });

  it('suggests for a line whose symbol is unknown too', () => {
    const invoices = [openInvoice({ id: '1', partnerIbans: [iban] })];
    expect(pairOne([line({ vs: '404', iban })], invoices)).toMatchObject({
      state: 'unmatched',
      reasons: ['unknown-symbol'],
      suggestion: { document: { id: '1' }, by: 'iban' },
      variableSymbol: '404',
    });
  });
});

describe('debits and exclusions', () => {
  it('excludes every debit as outgoing, whatever its symbol or a choice', () => {
    const invoices = [openInvoice({ id: '7' })];
    const debit = line({ direction: 'debit', vs: '7' });
    const choices = new Map([[0, { kind: 'invoice' as const, invoice: invoices[0]! }]]);
    expect(pairOne([debit], invoices, choices)).toEqual({
      state: 'excluded',
      document: null,
      match: null,
      suggestion: null,
      sharedSymbol: false,
      reasons: ['outgoing'],
      variableSymbol: null,
    });
  });

  it('excludes a line the user left out, and it pays nothing', () => {
    const invoices = [openInvoice({ id: '7' })];
    const lines = [line({ index: 0, vs: '7' }), line({ index: 1, vs: '7' })];
    const [first, second] = pairStatement(lines, invoices, new Map([[0, { kind: 'exclude' }]]));
    expect(first).toMatchObject({ state: 'excluded', reasons: ['excluded-by-user'] });
    expect(second).toMatchObject({ state: 'ready', document: { id: '7' }, match: 'exact' });
  });
});

describe('pairing by hand', () => {
  it('sends the chosen invoice’s own symbol, whatever the line carried', () => {
    const invoices = [openInvoice({ id: '1', variableSymbol: '111' }), openInvoice({ id: '2', variableSymbol: '222' })];
    const pairing = pairByHand(line({ vs: '111', amount: '60.00' }), invoices[1]!, indexOpenInvoices(invoices));
    expect(pairing).toEqual({
      state: 'ready',
      document: { id: '2', documentNumber: 'OF2', variableSymbol: '222' },
      match: 'partial',
      suggestion: null,
      sharedSymbol: false,
      reasons: ['paired-by-hand'],
      variableSymbol: '222',
    });
  });

  it('warns when the symbol is shared, and when the service’s rule then pays another invoice', () => {
    const invoices = [
      openInvoice({ id: '1', variableSymbol: '555', issueDate: '2026-01-01' }),
      openInvoice({ id: '2', variableSymbol: '555', issueDate: '2026-02-01' }),
    ];
    const index = indexOpenInvoices(invoices);
    expect(pairByHand(line(), invoices[0]!, index)).toMatchObject({
      sharedSymbol: true,
      reasons: ['paired-by-hand', 'shared-symbol'],
    });
    expect(pairByHand(line(), invoices[1]!, index)).toMatchObject({
      document: { id: '2' },
      sharedSymbol: true,
      reasons: ['paired-by-hand', 'service-pairs-another', 'shared-symbol'],
    });
  });

  it('says when the chosen invoice has no symbol, or nothing left to pay', () => {
    const none = openInvoice({ id: '1', variableSymbol: null });
    const paid = openInvoice({ id: '2', amountDue: '0' });
    const index = indexOpenInvoices([none]);
    expect(pairByHand(line(), none, index)).toMatchObject({
      reasons: ['paired-by-hand', 'invoice-without-symbol'],
      variableSymbol: null,
    });
    expect(pairByHand(line(), paid, index)).toMatchObject({
      reasons: ['paired-by-hand', 'invoice-not-open'],
      match: 'over',
    });
  });

  it('confirms a suggestion as a choice: the line becomes ready and pays the invoice', () => {
    const invoices = [openInvoice({ id: '1', partnerName: 'Pekáreň Žitná a.s.' })];
    const lines = [line({ index: 0, payer: 'PEKAREN ZITNA AS' }), line({ index: 1, vs: '1' })];
    const [before] = pairStatement(lines, invoices);
    expect(before?.suggestion?.document.id).toBe('1');
    const [confirmed, next] = pairStatement(
      lines,
      invoices,
      new Map([[0, { kind: 'invoice', invoice: invoices[0]! }]]),
    );
    expect(confirmed).toMatchObject({ state: 'ready', document: { id: '1' }, match: 'exact', variableSymbol: '1' });
    expect(next).toMatchObject({ state: 'unmatched', reasons: ['paid-by-earlier-line'] });
  });
});

describe('currencies', () => {
  it('pairs by symbol across currencies but compares no amounts', () => {
    const invoices = [openInvoice({ id: '7', currency: 'CZK', amountDue: '2500.00' })];
    expect(pairOne([line({ vs: '7', amount: '100.00' })], invoices)).toMatchObject({
      state: 'ready',
      match: null,
      reasons: ['currency-differs'],
    });
  });
});

describe('an index is not changed by pairing a statement against it', () => {
  it('gives the same pairings twice', () => {
    const index = indexOpenInvoices([openInvoice({ id: '7' })]);
    const lines = [line({ vs: '7' })];
    expect(pairStatement(lines, index)).toEqual(pairStatement(lines, index));
  });
});

describe('symbols compared sensibly', () => {
  it('keys digits without their leading zeros or spaces, anything else as written in capitals', () => {
    expect(symbolKey('0000012345')).toBe('12345');
    expect(symbolKey(' 12 345 ')).toBe('12345');
    expect(symbolKey('000')).toBeNull();
    expect(symbolKey('')).toBeNull();
    expect(symbolKey(null)).toBeNull();
    expect(symbolKey('ab-12')).toBe('AB-12');
  });

  it('finds a symbol the payer marked in the message, and the numbers that may name an invoice', () => {
    expect(markedSymbolOf('Platba za fakturu, V.S. 00123')).toBe('00123');
    expect(markedSymbolOf('var. symbol: 2026000010')).toBe('2026000010');
    expect(markedSymbolOf('ZAVS 123')).toBeNull();
    expect(markedSymbolOf(null)).toBeNull();
    expect(numbersInMessage('Invoice OF2026000010 of 15.06.2026, IBAN SK3112000000198742637541')).toEqual([
      '2026000010',
      '2026',
    ]);
  });
});
