/**
 * A generated statement (bank-statement.ts) written as a Slovak bank exports it: camt.053.001.02 (ISO 20022 XML, the
 * elements in the schema's order, the symbols in `EndToEndId`) or MT940 (SWIFT characters only, the symbols in
 * `:86:` sub-fields `?20`…). Pure text; no parser of ours is used to write it.
 */
import type { GeneratedStatement, StatementEntry } from './bank-statement';

export const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02';

/** "1234.50" from cents. */
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function balance(code: 'PRCD' | 'CLBD', cents: number, currency: string, date: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${decimal(Math.abs(cents))}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
}

function camtEntry(entry: StatementEntry, currency: string): string {
  const amount = `<Amt Ccy="${currency}">${decimal(entry.cents)}</Amt>`;
  const credit = entry.direction === 'credit';
  const indicator = credit ? 'CRDT' : 'DBIT';
  const party = credit ? 'Dbtr' : 'Cdtr';
  const family = credit ? 'RCDT' : 'ICDT';
  const parties =
    `<RltdPties><${party}><Nm>${xml(entry.counterparty.name)}</Nm></${party}>` +
    `<${party}Acct><Id><IBAN>${entry.counterparty.iban}</IBAN></Id></${party}Acct></RltdPties>`;
  const refs = `<Refs><AcctSvcrRef>${entry.reference}</AcctSvcrRef>${entry.endToEndId ? `<EndToEndId>${xml(entry.endToEndId)}</EndToEndId>` : ''}</Refs>`;
  const remittance = entry.message ? `<RmtInf><Ustrd>${xml(entry.message)}</Ustrd></RmtInf>` : '';
  return [
    '<Ntry>',
    `<NtryRef>${entry.reference}</NtryRef>`,
    amount,
    `<CdtDbtInd>${indicator}</CdtDbtInd>`,
    '<Sts>BOOK</Sts>',
    `<BookgDt><Dt>${entry.bookingDate}</Dt></BookgDt>`,
    `<ValDt><Dt>${entry.bookingDate}</Dt></ValDt>`,
    `<AcctSvcrRef>${entry.reference}</AcctSvcrRef>`,
    `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>`,
    `<NtryDtls><TxDtls>${refs}<AmtDtls><TxAmt>${amount}</TxAmt></AmtDtls>${parties}${remittance}</TxDtls></NtryDtls>`,
    '</Ntry>',
  ].join('');
}

export function camt053Of(statement: GeneratedStatement): string {
  const { account, entries } = statement;
  const id = `${statement.tenantId}-${statement.to.replace(/-/g, '')}-${statement.number}`;
  const credits = entries.filter((e) => e.direction === 'credit');
  const debits = entries.filter((e) => e.direction === 'debit');
  const sum = (list: StatementEntry[]) => decimal(list.reduce((total, e) => total + e.cents, 0));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${CAMT053_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<BkToCstmrStmt>',
    `<GrpHdr><MsgId>MSG-${id}</MsgId><CreDtTm>${statement.createdAt}</CreDtTm></GrpHdr>`,
    '<Stmt>',
    `<Id>STMT-${id}</Id>`,
    `<ElctrncSeqNb>${statement.number}</ElctrncSeqNb>`,
    `<CreDtTm>${statement.createdAt}</CreDtTm>`,
    `<FrToDt><FrDtTm>${statement.from}T00:00:00</FrDtTm><ToDtTm>${statement.to}T23:59:59</ToDtTm></FrToDt>`,
    `<Acct><Id><IBAN>${account.iban}</IBAN></Id><Ccy>${account.currency}</Ccy><Nm>${xml(account.name)}</Nm>` +
      `<Ownr><Nm>${xml(account.owner)}</Nm></Ownr>` +
      `<Svcr><FinInstnId><BIC>${account.bic}</BIC></FinInstnId></Svcr></Acct>`,
    balance('PRCD', statement.openingCents, account.currency, statement.from),
    balance('CLBD', statement.closingCents, account.currency, statement.to),
    `<TxsSummry><TtlNtries><NbOfNtries>${entries.length}</NbOfNtries></TtlNtries>` +
      `<TtlCdtNtries><NbOfNtries>${credits.length}</NbOfNtries><Sum>${sum(credits)}</Sum></TtlCdtNtries>` +
      `<TtlDbtNtries><NbOfNtries>${debits.length}</NbOfNtries><Sum>${sum(debits)}</Sum></TtlDbtNtries></TxsSummry>`,
    ...entries.map((entry) => camtEntry(entry, account.currency)),
    '</Stmt>',
    '</BkToCstmrStmt>',
    '</Document>',
    '',
  ].join('\n');
}

/** SWIFT's character set: no diacritics, and only letters, digits and a few signs. */
const swift = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9/\-().,'+ ]/g, ' ');

/** "260615" */
const yymmdd = (date: string) => date.replace(/-/g, '').slice(2);

/** "1234,50" */
const mtAmount = (cents: number) => decimal(cents).replace('.', ',');

/** Cut into sub-fields of 27 characters, numbered from `first` up to `last` (?20…?29 for the message). */
function subfields(text: string, first: number, last: number): string[] {
  const parts: string[] = [];
  for (let at = 0; at < text.length && first + parts.length <= last; at += 27) parts.push(text.slice(at, at + 27));
  return parts.map((part, n) => `?${first + n}${part}`);
}

/**
 * `:86:` as banks structure it: the transaction code, then ?NN sub-fields (?00 the kind, ?20…?29 the message with the
 * symbols, ?31 the payer's account, ?32…?33 its name), a line never longer than 65 characters and never breaking a
 * sub-field.
 */
function details(entry: StatementEntry): string {
  const symbols = entry.endToEndId && entry.endToEndId !== 'NOTPROVIDED' ? entry.endToEndId : '';
  const text = swift([symbols, entry.message ?? ''].filter(Boolean).join(' '));
  const fields = [
    `${entry.direction === 'credit' ? '166' : '177'}?00SEPA PREVOD`,
    ...subfields(text, 20, 29),
    `?31${entry.counterparty.iban}`,
    ...subfields(swift(entry.counterparty.name), 32, 33),
  ];
  const lines: string[] = [];
  for (const field of fields) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + field.length <= 61) lines[last] += field;
    else lines.push(field);
  }
  return lines.join('\r\n');
}

export function mt940Of(statement: GeneratedStatement): string {
  const { account, entries } = statement;
  const balanceField = (tag: '60F' | '62F', cents: number, date: string) =>
    `:${tag}:${cents < 0 ? 'D' : 'C'}${yymmdd(date)}${account.currency}${mtAmount(Math.abs(cents))}`;
  const lines = [
    `:20:STMT${yymmdd(statement.to)}${String(statement.number).padStart(3, '0')}`,
    `:25:${account.iban}`,
    `:28C:${String(statement.number).padStart(5, '0')}/001`,
    balanceField('60F', statement.openingCents, statement.from),
  ];
  for (const entry of entries) {
    const mark = entry.direction === 'credit' ? 'C' : 'D';
    const date = yymmdd(entry.bookingDate);
    lines.push(`:61:${date}${date.slice(2)}${mark}${mtAmount(entry.cents)}NTRFNONREF//${entry.reference}`);
    lines.push(`:86:${details(entry)}`);
  }
  lines.push(balanceField('62F', statement.closingCents, statement.to));
  return `${lines.join('\r\n')}\r\n`;
}
