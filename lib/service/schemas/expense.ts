import { z } from 'zod';

import { amount, partnerSchema, pricesSchema, serviceDate, tags, text } from './common';

/** The filter's document types: 10 ReceivedInvoice, 11 Receipt, 13 InternalDocument, 15 ReceivedProformaInvoice,
 * 17 ReceivedCreditNote, 19 ReceivedDebitNote. Records may also carry 14 (bank notification), which it does not offer. */
export const expenseFilterDocumentTypes = [10, 11, 13, 15, 17, 19] as const;

const journalItemSchema = z.looseObject({
  description: text,
  tags,
  totalPrice: amount,
  legislativeTotalPrice: amount,
});

export const expenseSchema = z.looseObject({
  id: z.string().min(1),
  documentNumber: text,
  documentType: z.number().int().nullish(),
  numberingSequence: text,
  partner: partnerSchema.nullish(),
  issueDate: serviceDate,
  deliveryDate: serviceDate,
  dueDate: serviceDate,
  receivedDate: serviceDate,
  lastModifiedTimestamp: serviceDate,
  paymentStatus: z.number().int().nullish(),
  paymentType: z.unknown().optional(),
  hasAttachments: z.boolean().nullish(),
  tags,
  prices: pricesSchema.nullish(),
  // Not in the service's known expense fields (invoices carry them): read when present, never relied on.
  sumOfPayments: amount,
  sumForPayment: amount,
  // The single record only.
  journalItems: z.array(journalItemSchema).nullish(),
});

export type Expense = z.infer<typeof expenseSchema>;
