import { z } from 'zod';

/**
 * What an invoice line of an import keeps for the pages (its `display`, built by the sheet's validation:
 * lib/features/imports/invoices/validate.ts): the file rows it came from, its number (empty: the numbering sequence
 * numbers it), partner, items and totals, whether its number is already at the service (`exists`: then it is sent only
 * with `overwrite=1`), the partner warnings that concern it, and the rows as read (for failed.csv). Read leniently, as
 * the page reads it: a field missing or of another shape is simply not shown. Pure: safe anywhere.
 */

const text = z.string().catch('');
const optionalText = z.string().nullable().catch(null);

const itemSchema = z.object({
  name: text,
  amount: text,
  measureUnit: optionalText,
  vatRate: text,
  totalPriceInclVat: text,
});

const vatTotalSchema = z.object({ vatRate: text, base: text, vat: text, total: text });

/**
 * A partner that looks like a duplicate (the same name with several IČOs, a person with several e-mails), shown with
 * each invoice it concerns: the code, the name, the IČOs or e-mails seen with it (the company's known partners' too,
 * sorted), the first rows of the invoices naming it, and whether one of them is a partner the company already has.
 */
export const partnerWarningSchema = z.object({
  code: z.enum(['name-with-other-registration-id', 'person-with-other-email']),
  name: z.string().catch(''),
  values: z.array(z.string()).catch([]),
  rows: z.array(z.number().int()).catch([]),
  known: z.boolean().catch(false),
});

/**
 * The one description of an invoice line's display: what the sheet's validation writes (`InvoiceDisplay`, its input)
 * and what the pages read back (its output, each field falling back to empty on its own).
 */
export const invoiceDisplaySchema = z.object({
  rows: z.array(z.number().int()).catch([]),
  documentNumber: text,
  numberingSequence: text,
  issueDate: optionalText,
  dueDate: optionalText,
  currency: z.string().catch('EUR'),
  total: text,
  /** Another currency's: the exchange rate (units of the currency per 1 EUR) and the total in EUR at it. */
  exchangeRate: optionalText,
  totalEur: optionalText,
  partner: z
    .object({
      name: optionalText,
      registrationId: optionalText,
      taxId: optionalText,
      vatId: optionalText,
      email: optionalText,
      city: optionalText,
    })
    .catch({ name: null, registrationId: null, taxId: null, vatId: null, email: null, city: null }),
  items: z.array(itemSchema).catch([]),
  vatTotals: z.array(vatTotalSchema).catch([]),
  exists: z.object({ id: z.string() }).nullable().catch(null),
  /** Each row as read, by the file's header: what failed.csv gives back. */
  source: z.array(z.object({ row: z.number().int(), cells: z.record(z.string(), z.string()) })).catch([]),
  partnerWarnings: z.array(partnerWarningSchema).default([]).catch([]),
});

/** A line's display as the validation writes it. */
export type InvoiceDisplay = z.input<typeof invoiceDisplaySchema>;
/** A line's display as the pages read it. */
export type InvoiceDisplayRead = z.output<typeof invoiceDisplaySchema>;
export type InvoicePartnerWarning = z.output<typeof partnerWarningSchema>;

/** A line's display as the page reads it (never throws). */
export function readInvoiceDisplay(display: unknown): InvoiceDisplayRead {
  const parsed = invoiceDisplaySchema.safeParse(display ?? {});
  return parsed.success ? parsed.data : invoiceDisplaySchema.parse({});
}
