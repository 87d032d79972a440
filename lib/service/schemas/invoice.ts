import { z } from 'zod';

import { amount, int64Id, partnerSchema, pricesSchema, serviceDate, tags, text } from './common';

/** 0 not paid, 1 fully paid, 2 overpaid, 3 partially paid (records); the list filter knows only 0 and 1. */
export const paymentStatusSchema = z.number().int().nullish();

const invoiceItemSchema = z.looseObject({
  name: text,
  itemCode: text,
  quantity: amount,
  unit: text,
  unitPrice: amount,
  vatRate: amount,
  totalPrice: amount,
  totalPriceInclVat: amount,
});

const vatBreakdownSchema = z.looseObject({ vatRate: amount, base: amount, vat: amount, total: amount });

const invoicePaymentSchema = z.looseObject({ date: serviceDate, amount: amount, paymentType: z.unknown().optional() });

const linkedDocumentSchema = z.looseObject({
  id: z.unknown().optional(),
  documentType: z.unknown().optional(),
  documentNumber: text,
});

export const invoiceSchema = z.looseObject({
  id: int64Id,
  documentNumber: text,
  numberingSequence: text,
  variableSymbol: text,
  orderNumber: text,
  externalId: text,
  invoiceType: z.number().int().nullish(),
  partner: partnerSchema.nullish(),
  issueDate: serviceDate,
  deliveryDate: serviceDate,
  dueDate: serviceDate,
  lastModifiedTimestamp: serviceDate,
  paymentStatus: paymentStatusSchema,
  prices: pricesSchema.nullish(),
  sumOfPayments: amount,
  sumForPayment: amount,
  tags,
  bankAccount: z.unknown().optional(),
  pdfReportLink: text,
  // Present only when asked for with ExtendedFields.
  items: z.array(invoiceItemSchema).nullish(),
  vatBreakdowns: z.array(vatBreakdownSchema).nullish(),
  payments: z.array(invoicePaymentSchema).nullish(),
  linkedDocuments: z.array(linkedDocumentSchema).nullish(),
});

export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;
