import { z } from 'zod';

/**
 * One line of a bank statement as every reader (camt.053, MT940, CSV) hands it on, and the statement around its
 * lines: what pairing and sending read. Amounts are exact decimal strings, never floats. Pure: safe anywhere.
 */
export const statementLineSchema = z.object({
  /** 0-based order in the file (debits included). */
  index: z.number().int().nonnegative(),
  /**
   * 1 for the first line with the same account, bank reference, direction, amount and date (without a bank
   * reference: also the same counterparty and message); 2 for its identical twin, and so on. Twins are legitimate
   * (two equal payments on one day): counted, never collapsed.
   */
  occurrence: z.number().int().positive(),
  /** yyyy-MM-dd, the bank's booking date as the bank wrote it (no time zone arithmetic). */
  bookingDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** credit: money received (a payment to record); debit: money paid out (listed apart, not sent). */
  direction: z.enum(['credit', 'debit']),
  /** Positive exact decimal with at least two fraction digits, e.g. '120.50', '1234567.89'. */
  amount: z.string().regex(/^(0|[1-9]\d*)\.\d{2,}$/),
  /** ISO 4217 code, e.g. 'EUR'. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** The bank's own reference of the entry (camt `AcctSvcrRef`, MT940 `//…`), stable across downloads. */
  bankReference: z.string().nullable(),
  /** The payer's end-to-end reference (camt `EndToEndId`; never 'NOTPROVIDED'). */
  endToEndId: z.string().nullable(),
  /** Slovak payment symbols, digits only, as written (leading zeros kept): variable ≤10, specific ≤10, constant ≤4. */
  symbols: z.object({
    variable: z
      .string()
      .regex(/^\d{1,10}$/)
      .nullable(),
    specific: z
      .string()
      .regex(/^\d{1,10}$/)
      .nullable(),
    constant: z
      .string()
      .regex(/^\d{1,4}$/)
      .nullable(),
  }),
  /** The other party: the payer of a credit, the payee of a debit. The IBAN is checked; an invalid one is null. */
  counterparty: z.object({ name: z.string().nullable(), iban: z.string().nullable() }),
  /** The payment's message (unstructured remittance information). */
  message: z.string().nullable(),
  /** Ours, stable across downloads of the same statement, distinct for twins: at most 50 characters, URL-safe. */
  externalId: z.string().max(50),
});

export const statementSchema = z.object({
  format: z.enum(['camt053', 'mt940', 'csv']),
  /**
   * The statement's own account: its IBAN when the file names a valid one, and its currency; the account as the file
   * writes it when that is no IBAN (MT940 `:25:1100/2629123456`, camt `Othr/Id`), and its owner's name (camt
   * `Acct/Ownr/Nm`) when the file says them: the import's page shows them beside the account chosen.
   */
  account: z.object({
    iban: z.string().nullable(),
    currency: z.string().nullable(),
    number: z.string().nullable().optional(),
    owner: z.string().nullable().optional(),
  }),
  lines: z.array(statementLineSchema),
});

export type StatementLine = z.infer<typeof statementLineSchema>;
export type Statement = z.infer<typeof statementSchema>;
export type StatementFormat = Statement['format'];
