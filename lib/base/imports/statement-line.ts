import { z } from 'zod';

/**
 * One line of a bank statement as every reader (camt.053, MT940, CSV) hands it on, and the statement around the
 * lines: what pairing and sending read. Amounts are exact decimal strings, never floats. Pure: safe anywhere.
 */
export const statementLineSchema = z.object({
  /** 0-based order in the file. */
  index: z.number().int().nonnegative(),
  /** 1 for the first line with the same account, bank reference, amount and date; 2 for its identical twin… */
  occurrence: z.number().int().positive(),
  /** yyyy-MM-dd */
  bookingDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  direction: z.enum(['credit', 'debit']),
  /** Positive decimal, e.g. '120.50'. */
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.string(),
  bankReference: z.string().nullable(),
  endToEndId: z.string().nullable(),
  symbols: z.object({
    variable: z.string().nullable(),
    specific: z.string().nullable(),
    constant: z.string().nullable(),
  }),
  counterparty: z.object({ name: z.string().nullable(), iban: z.string().nullable() }),
  message: z.string().nullable(),
  /** Ours, stable across downloads of the same statement: at most 50 characters. */
  externalId: z.string().max(50),
});

export const statementSchema = z.object({
  format: z.enum(['camt053', 'mt940', 'csv']),
  account: z.object({ iban: z.string().nullable(), currency: z.string().nullable() }),
  lines: z.array(statementLineSchema),
});

export type StatementLine = z.infer<typeof statementLineSchema>;
export type Statement = z.infer<typeof statementSchema>;
