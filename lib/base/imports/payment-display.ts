import { z } from 'zod';

/**
 * What a bank statement's line keeps for the pages (an import line's `display`, lib/owners/imports/lines.ts): the
 * contract's facts of a payment (date, amount, currency, variableSymbol, counterparty, reference: the JSON view shows
 * them as they are) and what the pairing said of it (lib/features/imports/pairing.ts), which the import's page puts in
 * words. Read leniently: a field missing or of another shape is simply not shown. Pure: safe anywhere.
 */

const text = z.string().nullable().catch(null);

export const PAIRING_REASONS = [
  'outgoing',
  'excluded-by-user',
  'no-symbol',
  'unknown-symbol',
  'paid-by-earlier-line',
  'symbol-from-message',
  'shared-symbol',
  'currency-differs',
  'paired-by-hand',
  'service-pairs-another',
  'invoice-without-symbol',
  'invoice-not-open',
] as const;

export const PAIRING_MATCHES = ['exact', 'partial', 'over'] as const;

const pairedDocument = z.object({
  id: z.string(),
  documentNumber: z.string().nullable().catch(null),
  variableSymbol: z.string().nullable().catch(null),
});

export const linePairingSchema = z.object({
  match: z.enum(PAIRING_MATCHES).nullable().catch(null),
  reasons: z
    .array(z.string())
    .catch([])
    .transform((reasons) =>
      reasons.filter((reason): reason is (typeof PAIRING_REASONS)[number] =>
        (PAIRING_REASONS as readonly string[]).includes(reason),
      ),
    ),
  suggestion: z
    .object({ document: pairedDocument, by: z.enum(['iban', 'name']), candidates: z.number().int().catch(1) })
    .nullable()
    .catch(null),
  sharedSymbol: z.boolean().catch(false),
});

export const paymentDisplaySchema = z.object({
  date: text,
  amount: text,
  currency: text,
  variableSymbol: text,
  counterparty: z.object({ name: text, iban: text }).catch({ name: null, iban: null }),
  reference: text,
  message: text.optional().catch(null),
  direction: z.enum(['credit', 'debit']).catch('credit'),
  pairing: linePairingSchema.nullable().catch(null),
});

export type PaymentDisplay = z.infer<typeof paymentDisplaySchema>;
export type LinePairingDisplay = z.infer<typeof linePairingSchema>;

/** A line's display as the page reads it (never throws). */
export function readPaymentDisplay(display: unknown): PaymentDisplay {
  const parsed = paymentDisplaySchema.safeParse(display ?? {});
  return parsed.success
    ? parsed.data
    : {
        date: null,
        amount: null,
        currency: null,
        variableSymbol: null,
        counterparty: { name: null, iban: null },
        reference: null,
        message: null,
        direction: 'credit',
        pairing: null,
      };
}
