import type { OpenInvoice } from '@/lib/features/imports/queries/open-invoices';

import type { Random } from './random';
import { seededRandom } from './random';
import { variableSymbolOf } from './statement-file';

/** What a benchmark may draw otherwise than the statement's (bench:pairing's own invoices). */
export type OpenInvoiceDraws = {
  /** The variable symbol of invoice n. */
  symbolOf?: (n: number) => string;
  /** The least amount due, in cents. */
  leastCents?: number;
  /** Invoice n's issue day, drawn (if at all) after its partner. */
  issueDateOf?: (n: number, random: Random) => string;
  /** The accounts partner p pays from. */
  ibansOf?: (partner: number) => string[];
};

/**
 * A large company's open invoices as the read model answers them (lib/features/imports/queries/open-invoices.ts), made
 * with a fixed seed: invoice n has the variable symbol `variableSymbolOf(n)`, which the generated statement's lines pay
 * (bench/support/statement-file.ts); a fifth are advance invoices; the last 300 share the symbols of the 300 before
 * them, so the interface's rule among several matches is at work.
 */
export function benchOpenInvoices(
  count: number,
  {
    symbolOf = variableSymbolOf,
    leastCents = 100,
    issueDateOf = (n) => `2026-01-${String(1 + (n % 28)).padStart(2, '0')}`,
    ibansOf = () => [],
  }: OpenInvoiceDraws = {},
): OpenInvoice[] {
  const random = seededRandom(20);
  return Array.from({ length: count }, (_, n) => {
    const symbol = n >= count - 300 ? symbolOf(n - 300) : symbolOf(n);
    const due = (random.int(leastCents, 500_000) / 100).toFixed(2);
    const partner = random.int(0, 3_999);
    return {
      id: String(1_000_000 + n),
      documentNumber: `OF${symbol}`,
      variableSymbol: symbol,
      issueDate: issueDateOf(n, random),
      total: due,
      amountDue: due,
      currency: 'EUR',
      kind: random.next() < 0.2 ? 'advance' : 'regular',
      partnerName: `Partner ${partner} s.r.o.`,
      partnerKey: `ico:${40_000_000 + partner}`,
      partnerIbans: ibansOf(partner),
    };
  });
}
