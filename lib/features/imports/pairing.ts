import { compactIban } from '@/lib/base/iban';
import type { StatementLine } from '@/lib/base/imports/statement-line';
import { amountOf, compareAmounts } from '@/lib/base/money';
import type { OpenInvoice } from '@/lib/features/imports/queries/open-invoices';

import { namesMatch, nameWords } from './names';
import {
  applyPayment,
  dueOf,
  freshIndex,
  indexOpenInvoices,
  isOpen,
  type OpenInvoiceIndex,
  partnerWordsOf,
  sameCurrency,
} from './open-invoice-index';
import { lineSymbolOf, numbersInMessage, symbolKey } from './symbols';

/**
 * Pairing a bank statement's lines with the company's open invoices (issue 20), as the service will pair the payments
 * once sent: the service pairs a payment by its variable symbol alone (interface.md), so what the add-on decides is
 * which symbol each payment carries, and it shows the user which invoice that symbol will pay. Pure: the lines, the
 * open invoices (lib/features/imports/queries/open-invoices.ts) and the user's choices in, one Pairing per line out.
 *
 * - A debit is excluded (outgoing payments are not sent in this version).
 * - A credit's variable symbol (the line's symbols, the EndToEndId, a symbol marked in the message, else a number in
 *   the message that is an open invoice's symbol: a foreign payer's way) finds the open invoices carrying it. Among
 *   several, the interface's rule picks: "amount and oldest document date decide; a proforma (advance) invoice wins
 *   over a regular invoice when the symbol matches both equally". Read as the sandbox reads it
 *   (sandbox/data-api/apply-uploads.ts): an invoice whose amount left to pay is the payment's amount first; between
 *   invoices that match equally so, the advance invoice; then the oldest issue date. Several open invoices sharing
 *   the symbol flag the line (sharedSymbol): the rule, not the user, decides which one is paid.
 * - A payment of another amount than what is left to pay is `partial` or `over`; the line says so and stays ready.
 * - A credit whose symbol finds nothing stays `unmatched`; an open invoice of exactly its amount whose partner pays
 *   from the payer's account (earlier payments) or bears the payer's name is only suggested, never paired, until the
 *   user confirms it (a choice, below).
 * - The lines are applied in order: a payment lowers what is left to pay on the invoice it pays, so the next payment
 *   of the same symbol is paired as the service will pair it then (a second full payment finds the invoice paid).
 */

export type PairedDocument = { id: string; documentNumber: string | null; variableSymbol: string | null };

export type PairingMatch = 'exact' | 'partial' | 'over';

export type PairingReason =
  /** A debit: outgoing payments are not sent. */
  | 'outgoing'
  | 'excluded-by-user'
  /** Neither the line's symbols nor its message give a variable symbol. */
  | 'no-symbol'
  /** The line's symbol is no open invoice's. */
  | 'unknown-symbol'
  /** The symbol's invoices are paid by earlier lines of this statement (a second payment of the same invoice). */
  | 'paid-by-earlier-line'
  /** The symbol was read from the message (a foreign payer's payment). */
  | 'symbol-from-message'
  /** Several open invoices carry the symbol: the service's rule picks the one paid. */
  | 'shared-symbol'
  /** The invoice is in another currency than the payment: amounts not compared. */
  | 'currency-differs'
  | 'paired-by-hand'
  /** Paired by hand, but the symbol it is sent with makes the service pay another open invoice by its rule. */
  | 'service-pairs-another'
  /** Paired by hand with an invoice without a variable symbol: the service cannot pair the payment with it. */
  | 'invoice-without-symbol'
  /** Paired by hand with an invoice with nothing left to pay. */
  | 'invoice-not-open';

export type PairingSuggestion = {
  document: PairedDocument;
  /** What besides the exact amount points to it: the payer's account paid the partner before, or its name. */
  by: 'iban' | 'name';
  /** How many open invoices qualify equally (the oldest is suggested, an advance invoice first). */
  candidates: number;
};

export type Pairing = {
  state: 'ready' | 'unmatched' | 'excluded';
  document: PairedDocument | null;
  match: PairingMatch | null;
  suggestion: PairingSuggestion | null;
  sharedSymbol: boolean;
  reasons: PairingReason[];
  /** The variable symbol the payment is sent with: the paired invoice's own, else the line's (null: none). */
  variableSymbol: string | null;
};

/** What the user decided for a line: left out, or paired with an invoice (a suggestion confirmed, or one searched). */
export type PairingChoice = { kind: 'exclude' } | { kind: 'invoice'; invoice: OpenInvoice };

export const documentOf = (invoice: OpenInvoice): PairedDocument => ({
  id: invoice.id,
  documentNumber: invoice.documentNumber,
  variableSymbol: invoice.variableSymbol,
});

/** The invoice the service pays with a payment of `amount` among those carrying its symbol (the rule above). */
export function servicePick(
  index: OpenInvoiceIndex,
  candidates: readonly OpenInvoice[],
  amount: string,
): OpenInvoice | null {
  let best: OpenInvoice | null = null;
  let bestRank = Infinity;
  // Candidates come oldest first, so the first of the best rank is also the oldest of it.
  for (const invoice of candidates) {
    if (!isOpen(index, invoice)) continue;
    const rank = (compareAmounts(dueOf(index, invoice), amount) === 0 ? 0 : 2) + (invoice.kind === 'advance' ? 0 : 1);
    if (rank < bestRank) [best, bestRank] = [invoice, rank];
  }
  return best;
}

function matchOf(index: OpenInvoiceIndex, line: StatementLine, invoice: OpenInvoice): PairingMatch | null {
  if (!sameCurrency(invoice, line.currency)) return null;
  const order = compareAmounts(line.amount, dueOf(index, invoice));
  return order === null ? null : order === 0 ? 'exact' : order < 0 ? 'partial' : 'over';
}

/** The open invoices carrying exactly this symbol (KROS compares the text it is sent). */
function carrying(index: OpenInvoiceIndex, symbol: string): OpenInvoice[] {
  const list = index.bySymbol.get(symbolKey(symbol) ?? '') ?? [];
  return list.filter((invoice) => invoice.variableSymbol === symbol && isOpen(index, invoice));
}

/** Paired: ready, with what the amount and the shared symbol tell. */
function paired(index: OpenInvoiceIndex, line: StatementLine, invoice: OpenInvoice, reasons: PairingReason[]) {
  const match = matchOf(index, line, invoice);
  const sharedSymbol = invoice.variableSymbol !== null && carrying(index, invoice.variableSymbol).length > 1;
  if (sharedSymbol) reasons.push('shared-symbol');
  if (!sameCurrency(invoice, line.currency)) reasons.push('currency-differs');
  const pairing: Pairing = {
    state: 'ready',
    document: documentOf(invoice),
    match,
    suggestion: null,
    sharedSymbol,
    reasons,
    variableSymbol: invoice.variableSymbol,
  };
  return pairing;
}

/** An open invoice of exactly the line's amount whose partner pays from the payer's account or bears its name. */
export function suggestionFor(index: OpenInvoiceIndex, line: StatementLine): PairingSuggestion | null {
  const key = amountOf(line.amount);
  const list = key === null ? [] : (index.byAmount.get(key) ?? []);
  if (list.length === 0) return null;
  const iban = compactIban(line.counterparty.iban);
  const words = nameWords(line.counterparty.name);
  const byIban: OpenInvoice[] = [];
  const byName: OpenInvoice[] = [];
  for (const invoice of list) {
    if (!sameCurrency(invoice, line.currency) || compareAmounts(dueOf(index, invoice), line.amount) !== 0) continue;
    if (iban !== null && invoice.partnerIbans.includes(iban)) byIban.push(invoice);
    else if (words.length > 0 && namesMatch(words, partnerWordsOf(index, invoice))) byName.push(invoice);
  }
  const [by, pool] = byIban.length > 0 ? (['iban', byIban] as const) : (['name', byName] as const);
  const best = pool.find((invoice) => invoice.kind === 'advance') ?? pool[0];
  return best === undefined ? null : { document: documentOf(best), by, candidates: pool.length };
}

type SymbolPairing = {
  own: ReturnType<typeof lineSymbolOf>;
  invoice: OpenInvoice | null;
  fromMessage: boolean;
  /** Invoices carried the symbol when read, but earlier lines have paid them all. */
  paidEarlier: boolean;
};

/** The invoice a credit's symbol pays (auto pairing), with where the symbol came from. */
function bySymbol(index: OpenInvoiceIndex, line: StatementLine): SymbolPairing {
  const own = lineSymbolOf(line);
  if (own !== null) {
    const candidates = index.bySymbol.get(symbolKey(own.symbol)!) ?? [];
    const invoice = servicePick(index, candidates, line.amount);
    return { own, invoice, fromMessage: own.from === 'message', paidEarlier: !invoice && candidates.length > 0 };
  }
  for (const number of numbersInMessage(line.message)) {
    const invoice = servicePick(index, index.bySymbol.get(symbolKey(number) ?? '') ?? [], line.amount);
    if (invoice) return { own, invoice, fromMessage: true, paidEarlier: false };
  }
  return { own, invoice: null, fromMessage: false, paidEarlier: false };
}

/** One line against the invoices as they stand in the index (nothing applied): pairStatement's step. */
export function pairLine(line: StatementLine, index: OpenInvoiceIndex): Pairing {
  if (line.direction === 'debit') return excluded('outgoing');
  const { own, invoice, fromMessage, paidEarlier } = bySymbol(index, line);
  if (invoice) return paired(index, line, invoice, fromMessage ? ['symbol-from-message'] : []);
  const reasons: PairingReason[] = [
    own === null ? 'no-symbol' : paidEarlier ? 'paid-by-earlier-line' : 'unknown-symbol',
  ];
  if (fromMessage) reasons.push('symbol-from-message');
  return {
    state: 'unmatched',
    document: null,
    match: null,
    suggestion: suggestionFor(index, line),
    sharedSymbol: false,
    reasons,
    variableSymbol: own?.symbol ?? null,
  };
}

const excluded = (reason: PairingReason): Pairing => ({
  state: 'excluded',
  document: null,
  match: null,
  suggestion: null,
  sharedSymbol: false,
  reasons: [reason],
  variableSymbol: null,
});

/**
 * A line paired by hand with an invoice the user chose (a suggestion confirmed, or one found by the search): sent
 * with that invoice's variable symbol, since the service pairs by it. Says when the symbol cannot bring the payment to
 * that invoice: it has none, another open invoice sharing it wins by the service's rule, or it is paid already.
 */
export function pairByHand(line: StatementLine, invoice: OpenInvoice, index: OpenInvoiceIndex): Pairing {
  if (line.direction === 'debit') return excluded('outgoing');
  const reasons: PairingReason[] = ['paired-by-hand'];
  if (invoice.variableSymbol === null) reasons.push('invoice-without-symbol');
  else {
    const winner = servicePick(index, carrying(index, invoice.variableSymbol), line.amount);
    if (winner !== null && winner.id !== invoice.id) reasons.push('service-pairs-another');
  }
  if (!isOpen(index, invoice)) reasons.push('invoice-not-open');
  return paired(index, line, invoice, reasons);
}

/** The invoice the service will actually pay with the payment a pairing sends (null: none). */
function paidBy(index: OpenInvoiceIndex, line: StatementLine, pairing: Pairing): OpenInvoice | null {
  if (pairing.state !== 'ready' || pairing.variableSymbol === null) return null;
  return servicePick(index, carrying(index, pairing.variableSymbol), line.amount);
}

/**
 * Every line of a statement, in order, against the company's open invoices (or an index of them: not changed), with
 * the user's choices by line index. Each ready line's payment is applied to the invoice the service will pay with it
 * before the next line is paired.
 */
export function pairStatement(
  lines: readonly StatementLine[],
  invoices: readonly OpenInvoice[] | OpenInvoiceIndex,
  choices: ReadonlyMap<number, PairingChoice> = new Map(),
): Pairing[] {
  const index = Array.isArray(invoices)
    ? indexOpenInvoices(invoices as readonly OpenInvoice[])
    : freshIndex(invoices as OpenInvoiceIndex);
  return lines.map((line) => {
    const choice = line.direction === 'debit' ? undefined : choices.get(line.index);
    if (choice?.kind === 'exclude') return excluded('excluded-by-user');
    const pairing = choice ? pairByHand(line, choice.invoice, index) : pairLine(line, index);
    const paid = paidBy(index, line, pairing);
    if (paid) applyPayment(index, paid, line.amount, line.currency);
    return pairing;
  });
}
