import { readFileSync } from 'node:fs';

import { expect } from 'vitest';

import { type Statement, statementSchema } from '@/lib/base/imports/statement-line';

/** A statement file of tests/fixtures/statements/, as the bytes an upload brings. */
export function statementFile(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../fixtures/statements/${name}`, import.meta.url)));
}

export const bytesOf = (text: string) => new TextEncoder().encode(text);

/** Every statement a reader hands on has the shared shape, whole (lib/base/imports/statement-line.ts). */
export function expectShared(statement: Statement): Statement {
  expect(statementSchema.parse(statement)).toEqual(statement);
  return statement;
}

/** What a line says, without its ids: what the tests compare. */
export const said = (statement: Statement) =>
  statement.lines.map(({ index: _index, externalId: _externalId, ...line }) => line);

/** A camt.053 of the given version around the given entries (XML text of `Ntry` elements). */
export function camt053(entries: string, { version = '02', iban = 'SK9011000000002629123453' } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"><BkToCstmrStmt>
<GrpHdr><MsgId>T</MsgId><CreDtTm>2026-01-16T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S</Id><CreDtTm>2026-01-16T06:00:00</CreDtTm><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>
`;
}

/** One booked entry: a credit of `amount` unless said otherwise. */
export function entry({
  amount = '10.00',
  side = 'CRDT',
  date = '2026-01-15',
  reference = null as string | null,
  details = '',
}: { amount?: string; side?: string; date?: string; reference?: string | null; details?: string } = {}): string {
  const ref = reference === null ? '' : `<AcctSvcrRef>${reference}</AcctSvcrRef>`;
  return `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${side}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${date}</Dt></BookgDt>${ref}${details}</Ntry>`;
}
