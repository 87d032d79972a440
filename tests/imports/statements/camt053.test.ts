import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';

import { readStatement } from '@/lib/features/imports/statements/read-statement';

import { bytesOf, camt053, entry, expectShared, said, statementFile } from './statement-files';

const none = { variable: null, specific: null, constant: null };

/**
 * camt.053 (lib/features/imports/statements/camt053.ts): the versions Slovak banks export (.001.02 of the banking
 * associations' profile, .001.04, .001.08), each booked entry one line, each transaction of a batch one line; the
 * counterparty is the payer of a credit and the payee of a debit; the symbols come from EndToEndId, structured
 * references or the message; amounts exactly as written.
 */
describe('camt.053 statements', () => {
  it('reads .001.02 as the Slovak and Czech banks write it: the account, every booked entry in order, credits and debits', () => {
    const statement = expectShared(readStatement(statementFile('camt053-001-02.xml')));
    expect(statement.format).toBe('camt053');
    // The account's owner too (Acct/Ownr/Nm): the import's page shows it beside the account chosen.
    expect(statement.account).toEqual({
      iban: 'SK9011000000002629123453',
      currency: 'EUR',
      number: null,
      owner: 'Drevovýroba Horák s.r.o.',
    });
    expect(statement.lines.map((line) => line.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(said(statement)[0]).toEqual({
      occurrence: 1,
      bookingDate: '2026-01-15',
      direction: 'credit',
      amount: '120.50',
      currency: 'EUR',
      bankReference: '2026011500001',
      endToEndId: '/VS2026001/SS/KS0308',
      symbols: { variable: '2026001', specific: null, constant: '0308' },
      counterparty: { name: 'Ján Novák', iban: 'SK7709000000005012345674' },
      message: 'Faktúra 2026001',
    });
    expect(statement.lines.map((line) => line.direction)).toEqual([
      'credit',
      'credit',
      'debit',
      'credit',
      'credit',
      'credit',
      'credit',
      'credit',
      'credit',
    ]);
  });

  it('names the payee of a debit as its counterparty, and the payer of a credit (never the account owner)', () => {
    const [, foreign, debit] = readStatement(statementFile('camt053-001-02.xml')).lines;
    expect(debit!.counterparty).toEqual({ name: 'Telekomunikácie Západ, a.s.', iban: 'SK4302000000003500012343' });
    expect(debit!.symbols).toEqual({ variable: '1234567890', specific: null, constant: '0308' });
    // `&amp;` in the file is `&` in the name; NOTPROVIDED is no end-to-end reference.
    expect(foreign!.counterparty).toEqual({ name: 'Müller & Söhne GmbH', iban: 'DE89370400440532013000' });
    expect(foreign!.endToEndId).toBeNull();
  });

  it('takes the variable symbol from the message when EndToEndId has none (a foreign payer), and keeps an empty /VS/ empty', () => {
    const lines = readStatement(statementFile('camt053-001-02.xml')).lines;
    expect(lines[1]!.symbols).toEqual({ ...none, variable: '2026002' }); // 'INVOICE 2026002 VS:2026002'
    expect(lines[7]!.endToEndId).toBe('/VS/SS/KS0308');
    expect(lines[7]!.symbols).toEqual({ variable: '2026005', specific: null, constant: '0308' }); // 'úhrada vs 2026005'
    expect(lines[3]!.symbols).toEqual({ variable: '2026003', specific: '0000000042', constant: null });
  });

  it('an entry without transaction details is still a line (interest), its message from AddtlNtryInf', () => {
    const interest = readStatement(statementFile('camt053-001-02.xml')).lines[8]!;
    expect(interest).toMatchObject({ amount: '0.30', message: 'Úroky', symbols: none });
    expect(interest.counterparty).toEqual({ name: null, iban: null });
  });

  it('reads .001.04: a batch entry gives one line per transaction with its own amount; pending entries are left out', () => {
    const statement = expectShared(readStatement(statementFile('camt053-001-04.xml')));
    expect(statement.account).toEqual({ iban: 'SK1875000000004000123455', currency: 'EUR', number: null, owner: null });
    expect(
      said(statement).map(({ amount, symbols, counterparty, bankReference, occurrence }) => ({
        amount,
        variable: symbols.variable,
        name: counterparty.name,
        bankReference,
        occurrence,
      })),
    ).toEqual([
      {
        amount: '100.00',
        variable: '2026101',
        name: 'Obec Lúčky',
        bankReference: 'SLSP-20260203-000777',
        occurrence: 1,
      },
      {
        amount: '250.00',
        variable: '2026102',
        name: 'Stavebniny Kôš s.r.o.',
        bankReference: 'SLSP-20260203-000777',
        occurrence: 1,
      },
      // The same entry reference and amount as the first: its twin within the batch.
      {
        amount: '100.00',
        variable: '2026103',
        name: 'Obec Lúčky',
        bankReference: 'SLSP-20260203-000777',
        occurrence: 2,
      },
      {
        amount: '400.00',
        variable: '2026104',
        name: 'Alpine Trade AG',
        bankReference: 'SLSP-20260203-000778',
        occurrence: 1,
      },
    ]);
  });

  it('.001.04: the booking date of a DtTm is its own day; an account that is no IBAN is no IBAN; RF references give the symbol', () => {
    const lines = readStatement(statementFile('camt053-001-04.xml')).lines;
    expect(lines[0]!.bookingDate).toBe('2026-02-03'); // 2026-02-03T23:30:00+01:00
    expect(lines[1]!.counterparty.iban).toBeNull(); // Othr/Id 2940012342/1100
    expect(lines[3]!.endToEndId).toBeNull();
    expect(lines[3]!.symbols.variable).toBe('2026104'); // Strd/CdtrRefInf/Ref RF92 2026 104
    expect(lines[3]!.counterparty.iban).toBe('CZ6508000000192000145399');
  });

  it('reads .001.08 with a namespace prefix: the status as a code, parties under Pty, a reversal by its booked side', () => {
    const statement = expectShared(readStatement(statementFile('camt053-001-08.xml')));
    expect(statement.account.iban).toBe('SK4883300000002101234569');
    expect(said(statement)).toEqual([
      {
        occurrence: 1,
        bookingDate: '2026-03-02',
        direction: 'credit',
        amount: '980.40',
        currency: 'EUR',
        bankReference: '0302A00012345',
        endToEndId: '/VS0020260201/SS1234/KS0008',
        symbols: { variable: '0020260201', specific: '1234', constant: '0008' },
        counterparty: { name: 'Kaviareň Pod Lipou, s. r. o.', iban: 'SK6856000000007770001116' },
        // Whitespace and line breaks inside the message collapse to single spaces.
        message: 'Faktúra č. 20260201',
      },
      {
        occurrence: 1,
        bookingDate: '2026-03-02',
        direction: 'debit',
        amount: '15.90',
        currency: 'EUR',
        bankReference: '0302A00012346',
        endToEndId: '/VS2026077',
        symbols: { ...none, variable: '2026077' },
        counterparty: { name: 'Kníhkupectvo Rozprávka', iban: 'SK7709000000005012345674' },
        message: 'Vrátenie platby',
      },
    ]);
  });

  it('.001.02 batch: transactions with AmtDtls/TxAmt are lines of their own; a batch whose transactions say no amount stays one line', () => {
    const lines = expectShared(readStatement(statementFile('camt053-001-02-batch.xml'))).lines;
    expect(lines.map((line) => [line.amount, line.symbols.variable])).toEqual([
      ['100.00', '2026201'],
      ['31.25', '2026202'],
      ['200.00', '2026203'],
      ['60.00', '2026204'],
    ]);
  });

  it('takes a debit transaction of a batch as a debit even when the entry is a credit (TxDtls/CdtDbtInd)', () => {
    const batch = entry({
      amount: '70.00',
      reference: 'B1',
      details: `<NtryDtls>
        <TxDtls><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Nm>Payer</Nm></Dbtr><Cdtr><Nm>Us</Nm></Cdtr></RltdPties></TxDtls>
        <TxDtls><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><RltdPties><Dbtr><Nm>Us</Nm></Dbtr><Cdtr><Nm>Payee</Nm></Cdtr></RltdPties></TxDtls>
      </NtryDtls>`,
    });
    const lines = readStatement(bytesOf(camt053(batch, { version: '04' }))).lines;
    expect(lines.map((line) => [line.direction, line.amount, line.counterparty.name])).toEqual([
      ['credit', '100.00', 'Payer'],
      ['debit', '30.00', 'Payee'],
    ]);
  });

  it('decodes character references and the predefined entities, and refuses any other entity as malformed', () => {
    const details = `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>A &lt;&amp;&gt; &#268;&#x10D; &quot;B&apos;</Nm></Dbtr></RltdPties></TxDtls></NtryDtls>`;
    const [line] = readStatement(bytesOf(camt053(entry({ details })))).lines;
    expect(line!.counterparty.name).toBe('A <&> Čč "B\'');
    const undefinedEntity = details.replace('B&apos;', 'B&unknown;');
    expect(() => readStatement(bytesOf(camt053(entry({ details: undefinedEntity }))))).toThrow(
      expect.objectContaining({ code: 'xml_malformed' }),
    );
  });

  it('reads a file in windows-1250 when its XML declaration says so', () => {
    const text = camt053(
      entry({ details: '<NtryDtls><TxDtls><RmtInf><Ustrd>Ďakujeme, Šťastná</Ustrd></RmtInf></TxDtls></NtryDtls>' }),
    ).replace('encoding="UTF-8"', 'encoding="windows-1250"');
    const encoded = new Uint8Array(iconv.encode(text, 'windows-1250'));
    expect(readStatement(encoded).lines[0]!.message).toBe('Ďakujeme, Šťastná');
  });
});
