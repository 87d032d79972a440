import type { PAIRING_REASONS, PaymentDisplay } from '@/lib/base/imports/payment-display';
import type { StatementLine } from '@/lib/base/imports/statement-line';

import type { Pairing, PairingReason } from './pairing';

/**
 * A statement line's `display` (lib/base/imports/payment-display.ts) from the line and its pairing: what the import's
 * page and the JSON view show of it. Pure.
 */
export function paymentDisplayOf(line: StatementLine, pairing: Pairing): PaymentDisplay {
  return {
    date: line.bookingDate,
    amount: line.amount,
    currency: line.currency,
    variableSymbol: line.symbols.variable,
    counterparty: { name: line.counterparty.name, iban: line.counterparty.iban },
    reference: line.endToEndId ?? line.bankReference,
    message: line.message,
    direction: line.direction,
    pairing: {
      match: pairing.match,
      reasons: pairing.reasons,
      suggestion: pairing.suggestion,
      sharedSymbol: pairing.sharedSymbol,
    },
  };
}

/**
 * The statement line a stored line stands for, as far as pairing by hand reads it (its side, amount, currency, payer):
 * rebuilt from its display. Null when the display lacks the amount or the currency.
 */
export function statementLineOf(display: PaymentDisplay, externalId: string | null): StatementLine | null {
  if (display.amount === null || display.currency === null || !/^(0|[1-9]\d*)\.\d{2,}$/.test(display.amount)) {
    return null;
  }
  return {
    index: 0,
    occurrence: 1,
    bookingDate: display.date ?? '1970-01-01',
    direction: display.direction,
    amount: display.amount,
    currency: display.currency,
    bankReference: null,
    endToEndId: display.reference,
    symbols: { variable: null, specific: null, constant: null },
    counterparty: { name: display.counterparty.name, iban: display.counterparty.iban },
    message: display.message ?? null,
    externalId: externalId ?? '',
  };
}

// The display's list of reasons is the pairing's, no more and no fewer (a new reason must get its words).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const reasonsAgree: Same<(typeof PAIRING_REASONS)[number], PairingReason> = true;
