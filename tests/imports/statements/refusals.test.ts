import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { csvMappingSchema } from '@/lib/features/imports/statements/csv-mapping';
import { readStatement, type ReadStatementOptions } from '@/lib/features/imports/statements/read-statement';
import {
  isStatementRefused,
  statementLimits,
  type StatementRefusalCode,
  StatementRefused,
} from '@/lib/features/imports/statements/refusal';

import { bytesOf, camt053, entry, statementFile } from './statement-files';

function refusalOf(bytes: Uint8Array, options?: ReadStatementOptions): StatementRefused {
  try {
    readStatement(bytes, options);
  } catch (error) {
    if (isStatementRefused(error)) return error;
    throw error;
  }
  throw new Error('read without a refusal');
}

const codeOf = (text: string | Uint8Array): StatementRefusalCode =>
  refusalOf(typeof text === 'string' ? bytesOf(text) : text).code;

/**
 * What is refused (lib/features/imports/statements/refusal.ts), each with a code of its own for the page to say why,
 * and nothing of the file in the error: too large, too many lines, XML with a DTD or entities, not a statement,
 * garbage.
 */
describe('refused statements', () => {
  it('XML with a document type declaration or entity declarations is refused before any parser reads it', () => {
    const good = camt053(entry());
    const withDoctype = good.replace('<Document', '<!DOCTYPE Document SYSTEM "http://127.0.0.1:1/x.dtd">\n<Document');
    expect(codeOf(withDoctype)).toBe('xml_doctype');
    const bomb = good.replace(
      '<Document',
      '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<Document',
    );
    expect(codeOf(bomb.replace('<Ustrd>', '<Ustrd>&b;'))).toBe('xml_entity');
    const external = good.replace(
      '<Document',
      '<!DOCTYPE d [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<Document',
    );
    expect(codeOf(external)).toBe('xml_entity');
    // Also when the XML is no statement at all, the sharper reason is given.
    expect(codeOf('<!DOCTYPE html><html></html>')).toBe('xml_doctype');
  });

  it('XML that is not well formed is refused, a truncated download among it', () => {
    const good = camt053(entry({ reference: 'A' }) + entry({ reference: 'B' }));
    expect(codeOf(good.slice(0, good.indexOf('<AcctSvcrRef>B')))).toBe('xml_malformed');
    expect(codeOf(good.slice(0, good.lastIndexOf('</Stmt>')))).toBe('xml_malformed');
    expect(codeOf(good.replace('</CdtDbtInd>', '</CdtDbt>'))).toBe('xml_malformed');
  });

  it('XML that is no camt.053 is not a statement: another ISO 20022 message, other XML', () => {
    const notification = camt053(entry()).replaceAll('camt.053.001.02', 'camt.054.001.02');
    expect(codeOf(notification)).toBe('not_a_statement');
    expect(codeOf('<?xml version="1.0"?><invoice><total>5</total></invoice>')).toBe('not_a_statement');
    expect(codeOf('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><Other/></Document>')).toBe(
      'not_a_statement',
    );
  });

  it('garbage, an empty file, a picture and JSON are refused', () => {
    expect(codeOf(new Uint8Array(randomBytes(4096)))).toBe('not_a_statement');
    expect(codeOf('')).toBe('empty');
    expect(codeOf(' \r\n\t')).toBe('empty');
    expect(codeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe(
      'not_a_statement',
    );
    expect(codeOf('{"statement": [1, 2, 3]}')).toBe('not_a_statement');
    expect(codeOf('Dobrý deň,\nposielam výpis v prílohe.\n')).toBe('not_a_statement');
  });

  it('a file over 20 MB is refused before it is decoded', () => {
    const big = new Uint8Array(statementLimits.maxBytes + 1).fill(0x20);
    expect(refusalOf(big).details).toEqual({ limit: 20 * 1024 * 1024 });
    expect(refusalOf(big).code).toBe('too_large');
  });

  it('more than 50 000 lines are refused, in each format, before they are parsed', () => {
    const over = statementLimits.maxLines + 1;
    expect(codeOf(camt053('<Ntry></Ntry>'.repeat(over)))).toBe('too_many_lines');
    const mt940 = `:20:T\n:25:SK9011000000002629123453\n:28C:1/1\n:60F:C260114EUR0,\n${':61:2601150115C1,NTRFNONREF\n'.repeat(over)}:62F:C260115EUR${over},\n`;
    expect(codeOf(mt940)).toBe('too_many_lines');
    const csv = `Dátum;Suma\n${'15.01.2026;1,00\n'.repeat(over)}`;
    const csvMapping = csvMappingSchema.parse({ columns: { date: 'Dátum', amount: 'Suma' } });
    expect(refusalOf(bytesOf(csv), { csvMapping }).code).toBe('too_many_lines');
  });

  it('50 000 lines are read', () => {
    const csv = `Dátum;Suma\n${'15.01.2026;1,00\n'.repeat(statementLimits.maxLines)}`;
    const csvMapping = csvMappingSchema.parse({ columns: { date: 'Dátum', amount: 'Suma' } });
    expect(readStatement(bytesOf(csv), { csvMapping }).lines).toHaveLength(statementLimits.maxLines);
  });

  it('an entry without its side, amount or date is refused and named; a statement of two accounts too', () => {
    const refusal = refusalOf(bytesOf(camt053(entry() + entry({ side: 'BOTH' }))));
    expect(refusal.code).toBe('entry_unreadable');
    expect(refusal.details).toEqual({ line: 2 });
    expect(codeOf(camt053(entry({ amount: '-5.00' })))).toBe('entry_unreadable');
    expect(codeOf(camt053(entry({ amount: '5,00' })))).toBe('entry_unreadable');
    expect(codeOf(camt053(entry({ date: '15.01.2026' })))).toBe('entry_unreadable');
    const twoStatements = camt053(entry()).replace(
      '</Stmt>',
      '</Stmt><Stmt><Id>2</Id><Acct><Id><IBAN>SK1875000000004000123455</IBAN></Id></Acct>' + entry() + '</Stmt>',
    );
    expect(codeOf(twoStatements)).toBe('several_accounts');
  });

  it('two statements of one account in one file are read as one', () => {
    const twoDays = camt053(entry({ reference: 'D1' })).replace(
      '</Stmt>',
      '</Stmt><Stmt><Id>2</Id><Acct><Id><IBAN>SK9011000000002629123453</IBAN></Id></Acct>' +
        entry({ reference: 'D2', date: '2026-01-16' }) +
        '</Stmt>',
    );
    expect(readStatement(bytesOf(twoDays)).lines.map((line) => [line.index, line.bankReference])).toEqual([
      [0, 'D1'],
      [1, 'D2'],
    ]);
  });

  it('a refusal answers 400 in the one error shape, and carries nothing of the file', () => {
    const refusal = refusalOf(statementFile('camt053-001-02.xml').slice(0, 2000));
    expect(refusal).toBeInstanceOf(StatementRefused);
    expect(refusal.answer).toEqual({ code: 'bad_request', reason: 'statement_xml_malformed' });
    expect(refusal.message).toBe('statement refused: xml_malformed');
    expect(JSON.stringify({ ...refusal, message: refusal.message })).not.toMatch(/SK90|Novák|2026001/);
  });
});
