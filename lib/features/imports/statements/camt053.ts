import type { Statement } from '@/lib/base/imports/statement-line';

import { linesOfEntry } from './camt053-entry';
import { normaliseIban } from './iban';
import { accountKeyOf, identifyLines, type LineDraft } from './identity';
import { statementLimits, StatementRefused } from './refusal';
import {
  hasPrefixes,
  readCheckedXml,
  refuseMalformedXml,
  refuseXmlDeclarations,
  xmlAttribute,
  xmlChild,
  xmlChildren,
  type XmlNode,
  xmlText,
} from './xml';

/** The ISO 20022 namespace of a message: `camt.053.001.02` and its kind (`camt.053`). */
const namespacePattern = /urn:iso:std:iso:20022:tech:xsd:(camt\.\d{3})\.\d{3}\.(\d{2})/;

/** What the root element declares, from the first 64 kB: null when the text is no ISO 20022 cash message. */
export function camtMessageOf(text: string): { kind: string; version: string } | null {
  const match = namespacePattern.exec(text.slice(0, 65_536));
  return match ? { kind: match[1]!, version: match[2]! } : null;
}

/**
 * Elements no line needs, cut from the checked text before parsing: in a bank's file they are most of its elements
 * (transaction codes, agents, postal addresses, balances), and parsing costs per element. None of them nests in
 * itself, so the first closing tag of the same name ends each.
 */
const unneeded =
  /<((?:[\w.-]+:)?(?:BkTxCd|RltdAgts|PstlAdr|CtctDtls|Bal|TxsSummry|Chrgs|RltdDts|Tax|Intrst))[\s>][\s\S]*?<\/\1\s*>/g;

const entryStart = /<(?:[\w.-]+:)?Ntry[\s>]/g;
const entryEnd = /<\/(?:[\w.-]+:)?Ntry\s*>/g;

/**
 * Reads a camt.053 bank-to-customer statement (.001.02 of the Slovak and Czech banks' profile, .001.04, .001.08 and
 * the versions between, which keep these elements where they were). One line per booked entry, or per transaction
 * when an entry carries several (`NtryDtls/TxDtls` of a batch, each with its amount); pending and information-only
 * entries are left out.
 *
 * The whole text is checked well formed first (fast-xml-parser's validator); the checked text is then read by
 * `readCheckedXml` as a skeleton (each `Ntry` replaced by a placeholder holding its position) and its entries 250 at
 * a time: only one batch's trees are alive at a time, which keeps a 10 000-entry file well under the memory aim and
 * the garbage collector's work small.
 */
export function readCamt053(text: string): Statement {
  refuseXmlDeclarations(text);
  if (camtMessageOf(text)?.kind !== 'camt.053') throw new StatementRefused('not_a_statement');
  // Counted before anything is parsed: a file of a million entries is refused without building them.
  if ((text.match(entryStart)?.length ?? 0) > statementLimits.maxLines) throw tooManyLines();
  refuseMalformedXml(text);

  const needed = text.replace(unneeded, '');
  const prefixed = hasPrefixes(needed);
  const { skeleton, entries } = splitEntries(needed);
  const statements = xmlChildren(xmlChild(readCheckedXml(skeleton, prefixed), 'Document', 'BkToCstmrStmt'), 'Stmt');
  if (statements.length === 0) throw new StatementRefused('not_a_statement');

  const accounts = statements.map((statement) => {
    const written = xmlText(statement, 'Acct', 'Id', 'IBAN') ?? xmlText(statement, 'Acct', 'Id', 'Othr', 'Id');
    const iban = normaliseIban(xmlText(statement, 'Acct', 'Id', 'IBAN'));
    return { iban, key: accountKeyOf({ iban, id: written }), currency: xmlText(statement, 'Acct', 'Ccy') };
  });
  if (new Set(accounts.map((account) => account.key)).size > 1) throw new StatementRefused('several_accounts');

  const drafts: LineDraft[] = [];
  const parsed = parsedEntries(needed, entries, prefixed);
  let entryNumber = 0;
  for (const statement of statements) {
    for (const placeholder of xmlChildren(statement, 'EntryAt')) {
      entryNumber += 1;
      const entry = parsed.at(Number(xmlAttribute(placeholder, 'at')));
      if (!entry) throw new StatementRefused('entry_unreadable', { line: entryNumber });
      for (const line of linesOfEntry(entry, entryNumber)) drafts.push(line);
      if (drafts.length > statementLimits.maxLines) throw tooManyLines();
    }
  }
  const account = accounts[0]!;
  return {
    format: 'camt053',
    account: { iban: account.iban, currency: account.currency ?? drafts[0]?.currency ?? null },
    lines: identifyLines(account.key, drafts),
  };
}

/**
 * Entries read a batch at a time, in the order the skeleton names them (always ascending): a batch is one piece of the
 * text (what lies between its entries is whitespace, or else the batch is read entry by entry), and only one batch's
 * trees are alive at a time, which keeps memory flat. An entry that did not read as one `Ntry` is undefined.
 */
function parsedEntries(text: string, entries: readonly Span[], prefixed: boolean) {
  let first = 0;
  let batch: (XmlNode | undefined)[] = [];
  return {
    at(index: number): XmlNode | undefined {
      if (!(index >= first && index < first + batch.length)) {
        first = index - (index % ENTRIES_PER_PARSE);
        const spans = entries.slice(first, first + ENTRIES_PER_PARSE);
        const piece = text.slice(spans[0]!.start, spans[spans.length - 1]!.end);
        const nodes = xmlChildren(readCheckedXml(piece, prefixed), 'Ntry');
        // A piece that is not exactly its entries would shift every later one: such a batch is read entry by entry.
        batch =
          nodes.length === spans.length
            ? nodes
            : spans.map(({ start, end }) => {
                const one = xmlChildren(readCheckedXml(text.slice(start, end), prefixed), 'Ntry');
                return one.length === 1 ? one[0] : undefined;
              });
      }
      return batch[index - first];
    },
  };
}

type Span = { start: number; end: number };

const ENTRIES_PER_PARSE = 250;

const tooManyLines = () => new StatementRefused('too_many_lines', { limit: statementLimits.maxLines });

/** The text with every `Ntry` element replaced by `<EntryAt at="n"/>`, and where entry n lies in the text. */
function splitEntries(text: string): { skeleton: string; entries: Span[] } {
  const pieces: string[] = [];
  const entries: Span[] = [];
  let done = 0;
  entryStart.lastIndex = 0;
  for (let start = entryStart.exec(text); start; start = entryStart.exec(text)) {
    entryEnd.lastIndex = start.index;
    const end = entryEnd.exec(text);
    if (!end) throw new StatementRefused('xml_malformed');
    const after = end.index + end[0].length;
    pieces.push(text.slice(done, start.index), `<EntryAt at="${entries.length}"/>`);
    entries.push({ start: start.index, end: after });
    done = after;
    entryStart.lastIndex = after;
  }
  pieces.push(text.slice(done));
  return { skeleton: pieces.join(''), entries };
}
