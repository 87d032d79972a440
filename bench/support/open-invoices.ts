import type { OpenInvoice } from '@/lib/features/imports/queries/open-invoices';

import { seededRandom } from './random';
import { variableSymbolOf } from './statement-file';

/**
 * A large company's open invoices as the read model answers them (lib/features/imports/queries/open-invoices.ts), made
 * with a fixed seed: invoice n has the variable symbol `variableSymbolOf(n)`, which the generated statement's lines pay
 * (bench/support/statement-file.ts); a fifth are advance invoices; the last 300 share the symbols of the 300 before
 * them, so the interface's rule among several matches is at work.
 */
export function benchOpenInvoices(count: number): OpenInvoice[] {
  const random = seededRandom(20);
  return Array.from({ length: count }, (_, n) => {
    const symbol = n >= count - 300 ? variableSymbolOf(n - 300) : variableSymbolOf(n);
    const due = (random.int(100, 500_000) / 100).toFixed(2);
    const partner = random.int(0, 3_999);
    const day = String(1 + (n % 28)).padStart(2, '0');
    return {
      id: String(1_000_000 + n),
      documentNumber: `OF${symbol}`,
      variableSymbol: symbol,
      issueDate: `2026-01-${day}`,
      total: due,
      amountDue: due,
      currency: 'EUR',
      kind: random.next() < 0.2 ? 'advance' : 'regular',
      partnerName: `Partner ${partner} s.r.o.`,
      partnerKey: `ico:${40_000_000 + partner}`,
      partnerIbans: [],
    };
  });
}
