import mt940js, { type Mt940Statement, type Mt940Transaction } from 'mt940js';

import type { Statement } from '@/lib/base/imports/statement-line';
import { canonicalDecimal } from '@/lib/base/money';

import { normaliseIban } from './iban';
import { accountKeyOf, identifyLines, type LineDraft } from './identity';
import { statementLimits, StatementRefused } from './refusal';
import { firstSymbols, type PaymentSymbols, symbolsIn } from './symbols';
import { cleanText, countUpTo } from './text';

/** Text that is MT940: a statement's reference (:20:) and its account (:25:) at the start of lines. */
export function looksLikeMt940(text: string): boolean {
  return /(^|[\n{])\s*:20:/.test(text) && /(^|\n):25:/.test(text) && /(^|\n):6[02][FM]:/.test(text);
}

/**
 * Reads an MT940 file (one or more statements of one account) with mt940js, which groups the tags into statements,
 * checks the mandatory ones and that the lines add up to the balances, and splits a structured :86:. Amounts and dates
 * are read again here from each :61: as written: mt940js makes its amounts floats.
 */
export function readMt940(text: string): Statement {
  const lines = countUpTo(text, /(^|\n):61:/g, statementLimits.maxLines + 1);
  if (lines > statementLimits.maxLines)
    throw new StatementRefused('too_many_lines', { limit: statementLimits.maxLines });
  let statements: Mt940Statement[];
  try {
    statements = new mt940js.Parser().parse(text, true);
  } catch {
    throw new StatementRefused('mt940_malformed');
  }
  if (statements.length === 0) throw new StatementRefused('not_a_statement');

  const accounts = statements.map(({ accountIdentification }) => {
    const raw = accountIdentification.trim();
    const iban = normaliseIban(raw) ?? normaliseIban(raw.split('/').pop());
    return { iban, raw, key: accountKeyOf({ iban, id: raw }) };
  });
  if (new Set(accounts.map((account) => account.key)).size > 1) throw new StatementRefused('several_accounts');

  const drafts: LineDraft[] = [];
  for (const statement of statements) {
    const statementLines = (statement.tags ?? []).filter((tag) => String(tag.id) === '61');
    statement.transactions.forEach((transaction, at) => {
      const entryNumber = drafts.length + 1;
      const booked = readStatementLine(statementLines[at]?.data ?? '');
      if (!booked) throw new StatementRefused('entry_unreadable', { line: entryNumber });
      drafts.push({ ...booked, currency: statement.currency, ...readDetails(transaction, booked.direction) });
    });
  }
  return {
    format: 'mt940',
    account: {
      iban: accounts[0]!.iban,
      currency: statements[0]!.currency || null,
      // :25: names no owner; an account number that is no IBAN is shown as the bank wrote it.
      number: accounts[0]!.iban ? null : cleanText(accounts[0]!.raw) || null,
      owner: null,
    },
    lines: identifyLines(accounts[0]!.key, drafts),
  };
}

/**
 * `:61:` value date YYMMDD, booking date MMDD (optional), mark (C, D, RC reversal of a credit = money out, RD), funds
 * code, amount with a decimal comma, transaction type, the account owner's reference and `//` the bank's reference.
 */
const statementLinePattern =
  /^(\d{2})(\d{2})(\d{2})(?:(\d{2})(\d{2}))?(R?[CD])[A-Z]?(\d+)(?:,(\d*))?[A-Z][A-Z0-9]{3}(.*)/;

function readStatementLine(data: string) {
  const match = statementLinePattern.exec(data);
  if (!match) return null;
  const [, yy, valueMonth, valueDay, bookingMonth, bookingDay, mark, integer, fraction, rest] = match;
  const valueYear = 2000 + Number(yy);
  let bookingDate = isoDate(valueYear, Number(valueMonth), Number(valueDay));
  if (bookingMonth && bookingDay) {
    // The booking date has no year: the value date's, but a booking in December of a January value date (and the
    // other way round) belongs to the year next to it.
    const shift = Number(bookingMonth) - Number(valueMonth);
    const year = valueYear + (shift > 6 ? -1 : shift < -6 ? 1 : 0);
    bookingDate = isoDate(year, Number(bookingMonth), Number(bookingDay));
  }
  if (!bookingDate) return null;
  const direction: LineDraft['direction'] = mark === 'C' || mark === 'RD' ? 'credit' : 'debit';
  const bankReference = cleanText(rest!.split('//')[1]);
  return { bookingDate, direction, amount: canonicalDecimal(integer!, fraction ?? ''), bankReference };
}

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

type Details = Pick<LineDraft, 'endToEndId' | 'symbols' | 'counterparty' | 'message'>;

/** Sub-fields of a German-style :86: that carry the payment's message (`?20`–`?29`, `?60`–`?63`). */
const messageFields = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'];

/**
 * What the :86: says, in the three shapes banks write it: `?NN` sub-fields (message in ?20–?29, counterparty's name
 * in ?32/?33, its account in ?31 or its IBAN in ?38), `/TAG/value` sub-fields (`/VS/`, `/SS/`, `/KS/`, `/ORDP/` or
 * `/BENM/`, `/IBAN/`, `/REMI/`, `/EREF/`), or free text. Symbols are looked for in each sub-field alone first, then in
 * the whole text.
 */
function readDetails(transaction: Mt940Transaction, direction: LineDraft['direction']): Details {
  const fields = transaction.structuredDetails ?? {};
  const whole = joinWrapped(transaction.details.split('\n'), 65);
  const keys = Object.keys(fields).filter((key) => key !== 'gvc');
  if (keys.length > 0 && keys.every((key) => /^\d{2}$/.test(key))) {
    const parts = messageFields.map((key) => fields[key]).filter((part): part is string => !!part);
    // A sub-field of symbols alone (`?20/VS2026001/SS/KS0308`) is the payment's end-to-end reference, not its message.
    const endToEndId = parts.find((part) => symbolsOnly.test(part.trim())) ?? null;
    const message = cleanText(
      joinWrapped(
        parts.filter((part) => part !== endToEndId),
        27,
      ),
    );
    return {
      endToEndId: cleanText(endToEndId),
      symbols: firstSymbols([...parts.map(symbolsIn), symbolsIn(message), symbolsIn(whole)]),
      counterparty: {
        name: cleanText(joinWrapped([fields['32'] ?? '', fields['33'] ?? ''], 27)),
        iban: normaliseIban(fields['38']) ?? normaliseIban(fields['31']),
      },
      message,
    };
  }
  if (keys.length > 0) {
    const party = direction === 'credit' ? ['ORDP', 'NAME', 'BENM'] : ['BENM', 'NAME', 'ORDP'];
    const message = cleanText(fields.REMI ?? fields.TXT ?? fields.MSG ?? fields.TEXT);
    const tagged: PaymentSymbols = {
      variable: digits(fields.VS, 10),
      specific: digits(fields.SS, 10),
      constant: digits(fields.KS, 4),
    };
    return {
      endToEndId: cleanText(fields.EREF),
      symbols: firstSymbols([tagged, symbolsIn(fields.EREF), symbolsIn(message), symbolsIn(whole)]),
      counterparty: {
        name: cleanText(party.map((key) => fields[key]).find(Boolean)),
        iban: normaliseIban(fields.IBAN) ?? normaliseIban(fields.ACCT),
      },
      message,
    };
  }
  const message = cleanText(whole);
  return { endToEndId: null, symbols: symbolsIn(message), counterparty: { name: null, iban: null }, message };
}

const symbolsOnly = /^(?:\/(?:VS|SS|KS)\d{0,10})+\/?$/i;

function digits(value: string | undefined, most: number): string | null {
  const trimmed = value?.trim() ?? '';
  return new RegExp(`^\\d{1,${most}}$`).test(trimmed) ? trimmed : null;
}

/**
 * Parts of a text that a bank cut to a fixed width: a part that fills the width was cut mid-text and runs on without
 * a space; a shorter one ended where its writer ended it.
 */
function joinWrapped(parts: string[], width: number): string {
  return parts.reduce(
    (text, part, at) => (at === 0 ? part : text + (parts[at - 1]!.length >= width ? '' : ' ') + part),
    '',
  );
}
