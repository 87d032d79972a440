import { readPlainDecimal } from '@/lib/base/money';

import { normaliseIban } from './iban';
import type { LineDraft } from './identity';
import { StatementRefused } from './refusal';
import { firstSymbols, symbolsIn, symbolsInReference } from './symbols';
import { cleanText } from './text';
import { xmlAttribute, xmlChild, xmlChildren, type XmlNode, xmlText, xmlTexts } from './xml';

type Direction = LineDraft['direction'];
type Money = { amount: string; currency: string };

/** `<Amt Ccy="EUR">120.50</Amt>` under `node`: a non-negative exact amount with its currency, or null. */
function moneyOf(node: XmlNode | undefined): Money | null {
  const raw = xmlText(node, 'Amt');
  const currency = xmlAttribute(node, 'Ccy', 'Amt');
  const amount = raw === null ? null : readPlainDecimal(raw);
  if (!amount || amount.negative || !currency || !/^[A-Z]{3}$/.test(currency)) return null;
  return { amount: amount.value, currency };
}

const directionOf = (indicator: string | null): Direction | null =>
  indicator === 'CRDT' ? 'credit' : indicator === 'DBIT' ? 'debit' : null;

/** A transaction's own amount in the entry's currency: `TxDtls/Amt` (.04 on), else its amount details. */
function transactionMoney(transaction: XmlNode, currency: string): Money | null {
  const candidates = [
    transaction,
    xmlChild(transaction, 'AmtDtls', 'TxAmt'),
    xmlChild(transaction, 'AmtDtls', 'CntrValAmt'),
    xmlChild(transaction, 'AmtDtls', 'InstdAmt'),
  ];
  for (const node of candidates) {
    const money = moneyOf(node);
    if (money?.currency === currency) return money;
  }
  return null;
}

function dateOf(node: XmlNode | undefined): string | null {
  const value = xmlText(node, 'Dt') ?? xmlText(node, 'DtTm');
  // The date as the bank wrote it: a `DtTm` keeps its own day, whatever its offset.
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

/**
 * The lines of one `Ntry`: none when it is not booked (`Sts` PDNG or INFO: no payment yet), one for a single
 * payment, one per transaction of a batch whose transactions each say their amount (else the batch stays one line,
 * described by its first transaction). `entryNumber` (1-based) only names the entry in a refusal.
 */
export function linesOfEntry(entry: XmlNode, entryNumber: number): LineDraft[] {
  const status = xmlText(entry, 'Sts') ?? xmlText(entry, 'Sts', 'Cd');
  if (status !== null && status !== 'BOOK') return [];
  const money = moneyOf(entry);
  const direction = directionOf(xmlText(entry, 'CdtDbtInd'));
  const bookingDate = dateOf(xmlChild(entry, 'BookgDt')) ?? dateOf(xmlChild(entry, 'ValDt'));
  if (!money || !direction || !bookingDate) throw new StatementRefused('entry_unreadable', { line: entryNumber });
  const booked: Booked = { ...money, direction, bookingDate };

  const transactions = xmlChildren(entry, 'NtryDtls').flatMap((details) => xmlChildren(details, 'TxDtls'));
  if (transactions.length <= 1) return [lineOf(entry, booked, transactions[0])];
  const own = transactions.map((transaction) => transactionMoney(transaction, money.currency));
  if (own.some((item) => item === null)) return [lineOf(entry, booked, transactions[0])];
  return transactions.map((transaction, at) =>
    lineOf(
      entry,
      { ...booked, ...own[at]!, direction: directionOf(xmlText(transaction, 'CdtDbtInd')) ?? direction },
      transaction,
    ),
  );
}

type Booked = Money & { direction: Direction; bookingDate: string };

function lineOf(entry: XmlNode, booked: Booked, transaction: XmlNode | undefined): LineDraft {
  const endToEnd = cleanText(xmlText(transaction, 'Refs', 'EndToEndId'));
  const endToEndId = endToEnd && endToEnd.toUpperCase() !== 'NOTPROVIDED' ? endToEnd : null;
  // The counterparty is the payer of a credit and the payee of a debit.
  const parties = xmlChild(transaction, 'RltdPties');
  const [party, partyAccount, ultimate] =
    booked.direction === 'credit' ? ['Dbtr', 'DbtrAcct', 'UltmtDbtr'] : ['Cdtr', 'CdtrAcct', 'UltmtCdtr'];
  const name =
    xmlText(parties, party, 'Nm') ?? xmlText(parties, party, 'Pty', 'Nm') ?? xmlText(parties, ultimate, 'Nm');
  const iban = normaliseIban(
    xmlText(parties, partyAccount, 'Id', 'IBAN') ?? xmlText(parties, partyAccount, 'Id', 'Othr', 'Id'),
  );
  const remittance = xmlChild(transaction, 'RmtInf');
  const message = cleanText(
    xmlTexts(remittance, 'Ustrd').join(' ') || xmlText(transaction, 'AddtlTxInf') || xmlText(entry, 'AddtlNtryInf'),
  );
  const references = xmlChildren(remittance, 'Strd').flatMap((structured) =>
    xmlChildren(structured, 'CdtrRefInf').map((reference) => xmlText(reference, 'Ref')),
  );
  return {
    bookingDate: booked.bookingDate,
    direction: booked.direction,
    amount: booked.amount,
    currency: booked.currency,
    bankReference: cleanText(xmlText(entry, 'AcctSvcrRef') ?? xmlText(transaction, 'Refs', 'AcctSvcrRef')),
    endToEndId,
    symbols: firstSymbols([symbolsIn(endToEndId), ...references.map(symbolsInReference), symbolsIn(message)]),
    counterparty: { name: cleanText(name), iban },
    message,
  };
}
