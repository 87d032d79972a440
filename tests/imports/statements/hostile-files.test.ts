import { describe, expect, it } from 'vitest';

import { csvMappingSchema } from '@/lib/features/imports/statements/csv-mapping';
import { readStatement, type ReadStatementOptions } from '@/lib/features/imports/statements/read-statement';
import { isStatementRefused, type StatementRefused } from '@/lib/features/imports/statements/refusal';
import { xmlLimits } from '@/lib/features/imports/statements/xml';

import { bytesOf, camt053, entry } from './statement-files';

function refusalOf(text: string, options?: ReadStatementOptions): StatementRefused {
  try {
    readStatement(bytesOf(text), options);
  } catch (error) {
    if (isStatementRefused(error)) return error;
    throw error;
  }
  throw new Error('read without a refusal');
}

/** An entry whose transaction carries `remittance` (XML inside `RmtInf`). */
const entryWith = (remittance: string) =>
  entry({ details: `<NtryDtls><TxDtls><RmtInf>${remittance}</RmtInf></TxDtls></NtryDtls>` });

/**
 * A statement is read in memory on the server: a hostile file must not make the reader build what it asks for
 * (issue 30: a 20 MB camt.053 of nested or many elements took a gigabyte and blocked the instance 13-19 s). The reader
 * keeps only what a line needs and is bounded (lib/features/imports/statements/xml.ts `xmlLimits`): past a bound the
 * file is refused as malformed XML, the generic reason, and nothing of it is read further.
 */
describe('a hostile camt.053', () => {
  it('nested deeper than any bank writes is refused as malformed', () => {
    const depth = xmlLimits.maxDepth + 10;
    const nested = '<Ustrd>'.repeat(depth) + 'x' + '</Ustrd>'.repeat(depth);
    expect(refusalOf(camt053(entryWith(nested))).code).toBe('xml_malformed');
    // Elements no line needs count alike: the parser stacks them too.
    const unknown = '<Pad>'.repeat(depth) + '</Pad>'.repeat(depth);
    expect(refusalOf(camt053(entryWith(`<Ustrd>x</Ustrd>${unknown}`))).code).toBe('xml_malformed');
  });

  it('whose entry holds more elements than a batch of thousands of payments is refused as malformed', () => {
    // Each Ustrd is two nodes kept (the element and its text): just past the bound.
    const many = '<Ustrd>x</Ustrd>'.repeat(xmlLimits.maxKeptNodes / 2 + 1);
    expect(refusalOf(camt053(entryWith(many))).code).toBe('xml_malformed');
  });

  it('with more elements in the whole file than the bound is refused as malformed, needed by a line or not', () => {
    const limits = { ...xmlLimits, maxElements: 1_000 };
    const padded = camt053(entry()).replace('</GrpHdr>', `${'<Pad/>'.repeat(1_000)}</GrpHdr>`);
    expect(readStatement(bytesOf(padded)).lines).toHaveLength(1);
    expect(refusalOf(padded, { xmlLimits: limits }).code).toBe('xml_malformed');
    // Attributes are counted too: a single element may otherwise carry millions.
    const attributes = Array.from({ length: 1_000 }, (_, at) => `a${at}="x"`).join(' ');
    const wide = camt053(entry()).replace('<GrpHdr>', `<GrpHdr><Pad ${attributes}/>`);
    expect(readStatement(bytesOf(wide)).lines).toHaveLength(1);
    expect(refusalOf(wide, { xmlLimits: limits }).code).toBe('xml_malformed');
  });

  it('with a text longer than any field of a statement is refused as malformed', () => {
    const long = 'a'.repeat(xmlLimits.maxTextLength + 1);
    expect(refusalOf(camt053(entryWith(`<Ustrd>${long}</Ustrd>`))).code).toBe('xml_malformed');
    const withinBound = readStatement(bytesOf(camt053(entryWith(`<Ustrd>${long.slice(1)}</Ustrd>`))));
    expect(withinBound.lines[0]!.message).toHaveLength(xmlLimits.maxTextLength);
  });

  it('keeps nothing of what no line needs: an entry padded with unknown elements reads as without them', () => {
    const plain = readStatement(bytesOf(camt053(entryWith('<Ustrd>Faktúra 2026001</Ustrd>'))));
    // Were they kept, these would be past the bound of nodes kept at once.
    const padding = '<Pad><Ustrd>not this</Ustrd></Pad>'.repeat(xmlLimits.maxKeptNodes / 2);
    const padded = readStatement(bytesOf(camt053(entryWith(`<Ustrd>Faktúra 2026001</Ustrd>${padding}`))));
    expect(padded.lines).toEqual(plain.lines);
  });
});

describe('a CSV statement', () => {
  const preamble = (count: number) =>
    Array.from({ length: count }, (_, at) => `Výpis z účtu SK9011000000002629123453, strana ${at + 1}`);
  const header = 'Dátum;Suma;Mena;Správa';
  const rows = ['15.01.2026;120,50;EUR;Faktúra 2026001', '16.01.2026;-10,00;EUR;Poplatok'];
  // What follows its first lines: were it read, the parser would fail on it (a quote that never closes).
  const unreadableRest = ['"'.padEnd(2_000_000, 'x')];

  it('is recognised from its first lines alone: what follows them is not read to find the header', () => {
    const refusal = refusalOf([header, ...rows, ...preamble(30), ...unreadableRest].join('\n'));
    expect(refusal.code).toBe('csv_mapping_required');
    expect(refusal.details.header).toEqual(['Dátum', 'Suma', 'Mena', 'Správa']);
  });

  it('whose header is not among its first lines is refused for it without reading the rest', () => {
    const csvMapping = csvMappingSchema.parse({ columns: { date: 'Dátum', amount: 'Suma' } });
    const late = [...preamble(25), header, ...rows, ...unreadableRest].join('\n');
    expect(refusalOf(late, { csvMapping }).code).toBe('csv_missing_column');
    // Within the first lines, the same file reads (up to the row that no statement has).
    const early = [...preamble(5), header, ...rows].join('\n');
    expect(readStatement(bytesOf(early), { csvMapping }).lines).toHaveLength(2);
  });

  it('with a row longer than any bank writes is refused, not parsed at length', () => {
    const csvMapping = csvMappingSchema.parse({ columns: { date: 'Dátum', amount: 'Suma' } });
    const longRow = `17.01.2026;1,00;EUR;${'x'.repeat(1_000_000)}`;
    expect(refusalOf([header, ...rows, longRow].join('\n'), { csvMapping }).code).toBe('not_a_statement');
  });
});
