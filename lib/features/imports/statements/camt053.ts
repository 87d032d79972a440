import type { Statement } from '@/lib/base/imports/statement-line';

import { linesOfEntry } from './camt053-entry';
import { normaliseIban } from './iban';
import { accountKeyOf, identifyLines, type LineDraft } from './identity';
import { statementLimits, StatementRefused } from './refusal';
import { cleanText, countUpTo } from './text';
import { readXml, refuseXmlDeclarations, xmlChild, xmlChildren, type XmlLimits, xmlLimits, xmlText } from './xml';

/** The ISO 20022 namespace of a message: `camt.053.001.02` and its kind (`camt.053`). */
const namespacePattern = /urn:iso:std:iso:20022:tech:xsd:(camt\.\d{3})\.\d{3}\.(\d{2})/;

/** What the root element declares, from the first 64 kB: null when the text is no ISO 20022 cash message. */
export function camtMessageOf(text: string): { kind: string; version: string } | null {
  const match = namespacePattern.exec(text.slice(0, 65_536));
  return match ? { kind: match[1]!, version: match[2]! } : null;
}

/**
 * The elements a line needs (./camt053-entry.ts) and the statement's own account: only these are kept, each under a
 * kept parent; everything else (transaction codes, agents, postal addresses, balances, what a hostile file adds) is
 * parsed and let go. `Ntry` is handed over as it closes.
 */
const needed = new Set([
  // The statement and its account.
  'Document',
  'BkToCstmrStmt',
  'Stmt',
  'Acct',
  'Id',
  'IBAN',
  'Othr',
  'Ccy',
  'Ownr',
  // An entry.
  'Ntry',
  'Amt',
  'CdtDbtInd',
  'Sts',
  'Cd',
  'BookgDt',
  'ValDt',
  'Dt',
  'DtTm',
  'AcctSvcrRef',
  'AddtlNtryInf',
  // Its transactions.
  'NtryDtls',
  'TxDtls',
  'AmtDtls',
  'TxAmt',
  'CntrValAmt',
  'InstdAmt',
  'Refs',
  'EndToEndId',
  'RltdPties',
  'Dbtr',
  'Cdtr',
  'UltmtDbtr',
  'UltmtCdtr',
  'Nm',
  'Pty',
  'DbtrAcct',
  'CdtrAcct',
  'RmtInf',
  'Ustrd',
  'Strd',
  'CdtrRefInf',
  'Ref',
  'AddtlTxInf',
]);

const entryStart = /<(?:[\w.-]+:)?Ntry[\s>]/g;

/**
 * Reads a camt.053 bank-to-customer statement (.001.02 of the Slovak and Czech banks' profile, .001.04, .001.08 and
 * the versions between, which keep these elements where they were). One line per booked entry, or per transaction
 * when an entry carries several (`NtryDtls/TxDtls` of a batch, each with its amount); pending and information-only
 * entries are left out.
 *
 * One pass of the parser (./xml.ts, saxes) over the whole text: each entry is turned into its lines as it closes and
 * then dropped, so only the statement's own elements and one entry are alive at a time; a file deeper, larger or
 * wordier than `limits` allow is refused as `xml_malformed` as soon as it passes one.
 */
export function readCamt053(text: string, limits: XmlLimits = xmlLimits): Statement {
  refuseXmlDeclarations(text);
  if (camtMessageOf(text)?.kind !== 'camt.053') throw new StatementRefused('not_a_statement');
  // Counted before anything is parsed: a file of a million entries is refused without building them.
  if (countUpTo(text, entryStart, statementLimits.maxLines + 1) > statementLimits.maxLines) throw tooManyLines();

  const drafts: LineDraft[] = [];
  let entryNumber = 0;
  const document = readXml(text, {
    keep: needed,
    emit: 'Ntry',
    limits,
    onElement(entry, ancestors) {
      if (ancestors[ancestors.length - 1]?.name !== 'Stmt') return;
      entryNumber += 1;
      for (const line of linesOfEntry(entry, entryNumber)) drafts.push(line);
      if (drafts.length > statementLimits.maxLines) throw tooManyLines();
    },
  });
  const statements = xmlChildren(xmlChild(document, 'Document', 'BkToCstmrStmt'), 'Stmt');
  if (statements.length === 0) throw new StatementRefused('not_a_statement');

  const accounts = statements.map((statement) => {
    const written = xmlText(statement, 'Acct', 'Id', 'IBAN') ?? xmlText(statement, 'Acct', 'Id', 'Othr', 'Id');
    const iban = normaliseIban(xmlText(statement, 'Acct', 'Id', 'IBAN'));
    return {
      iban,
      key: accountKeyOf({ iban, id: written }),
      currency: xmlText(statement, 'Acct', 'Ccy'),
      number: iban ? null : (cleanText(written) ?? null),
      owner: cleanText(xmlText(statement, 'Acct', 'Ownr', 'Nm')) ?? null,
    };
  });
  if (new Set(accounts.map((account) => account.key)).size > 1) throw new StatementRefused('several_accounts');

  const account = accounts[0]!;
  return {
    format: 'camt053',
    account: {
      iban: account.iban,
      currency: account.currency ?? drafts[0]?.currency ?? null,
      number: account.number,
      owner: account.owner,
    },
    lines: identifyLines(account.key, drafts),
  };
}

const tooManyLines = () => new StatementRefused('too_many_lines', { limit: statementLimits.maxLines });
