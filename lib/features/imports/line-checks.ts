import type { StatementLine } from '@/lib/base/imports/statement-line';
import type { LineProblem } from '@/lib/owners/imports/lines';

/**
 * The money checks a statement's credit passes before it may be `ready` (issue 30): what the service records is the
 * amount on the chosen account, in that account's currency (a payment upload names no currency), so a line in
 * another currency would be booked as if it were the account's (1 094.54 CZK recorded as 1 094.54 EUR), and an
 * amount finer than a cent would be sent as it is or rounded by someone else. Either makes the line `invalid`, with
 * the reason in the page's words; nothing of it is sent. Pure.
 */

/** Two fraction digits at most: the statements' canonical form keeps at least two and drops zeros past them. */
const CENTS = /^\d+\.\d{2}$/;

/**
 * Why the line cannot be recorded on the account as it is (empty: it can). `accountCurrency`: the chosen account's
 * currency as last mirrored, else the statement's own account's (the file's `Ccy` or MT940 balance currency); when
 * neither is known, the currency is not compared.
 */
export function moneyProblemsOf(line: StatementLine, accountCurrency: string | null): LineProblem[] {
  const problems: LineProblem[] = [];
  const account = accountCurrency?.trim().toUpperCase() || null;
  if (account !== null && line.currency.toUpperCase() !== account) {
    problems.push({ code: 'currency-not-account', params: { currency: line.currency, account } });
  }
  if (!CENTS.test(line.amount)) {
    problems.push({ code: 'amount-too-precise', params: { amount: line.amount } });
  }
  return problems;
}
