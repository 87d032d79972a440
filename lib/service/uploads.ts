import { z } from 'zod';

import { isoDate } from './queries';

/**
 * Upload bodies. Their fields are "not shown" by the interface beyond a few rules, so documents are open objects
 * checked for those rules only; payments follow the shape the service's integrations agree on. The service wraps
 * every upload in `{ data: … }`; the client does that, callers pass the documents.
 */

export const MAX_BATCH = 100;

const documentNumber = z.string().max(20).optional();
const numberingSequence = z.string().max(5).optional();

/** An invoice or delivery note: an empty or absent documentNumber means automatic numbering. */
export const documentUpload = z.looseObject({
  documentNumber,
  numberingSequence,
  externalId: z.string().max(100).optional(),
  variableSymbol: z.string().max(10).optional(),
  items: z.array(z.looseObject({ itemCode: z.string().optional(), warehouseCode: z.string().optional() })).optional(),
});

const optionalText = z.string().nullish();

/**
 * An invoice's item as the service's integrations send it (service-facts.md "Invoice upload body"): the quantity
 * (`amount`) and the line's total including VAT define it; there is no unit price.
 */
export const invoiceItemUpload = z.looseObject({
  name: z.string().trim().min(1),
  /** The quantity. */
  amount: z.number().refine(Number.isFinite),
  measureUnit: optionalText,
  /** Percent. */
  vatRate: z.number().min(0).max(100),
  /** The line's total including VAT. */
  totalPriceInclVat: z.number().refine(Number.isFinite),
  discountPercent: z.number().min(0).max(100).nullish(),
  itemCode: optionalText,
  warehouseCode: optionalText,
  eanCode: optionalText,
  description: optionalText,
});

/** An invoice: an open document whose items, when it has them, have the shape above. */
export const invoiceUpload = documentUpload.extend({ items: z.array(invoiceItemUpload).min(1).optional() });

export const receivedOrderUpload = z.looseObject({
  documentNumber,
  numberingSequence,
  orderNumber: z.string().max(20).optional(),
  externalId: z.string().max(100).optional(),
});

export const stockIssueUpload = z.looseObject({
  warehouseCode: z.string().optional(),
  items: z.array(z.looseObject({ itemCode: z.string().optional(), quantity: z.number().optional() })).min(1),
});

export const paymentUpload = z.looseObject({
  dateOfPayment: isoDate,
  sumOfPayment: z.number().refine(Number.isFinite),
  variableSymbol: z.string().max(10).optional(),
  // Without it the link to the finance module is lost; the interface keeps it optional for old integrations only.
  accountId: z.number().int().positive().optional(),
  remittanceInformation: z.string().optional(),
  paymentReference: z.string().optional(),
  partnerName: z.string().optional(),
  note: z.string().optional(),
  externalId: z.string().max(100).optional(),
  paymentType: z.union([z.literal(1), z.literal(2)]).optional(),
});

export const cashAccountUpload = z.looseObject({
  name: z.string().trim().min(1).max(100),
  currency: z.string().length(3).optional(),
});

export const batchOf = <T extends z.ZodType>(schema: T) => z.array(schema).min(1).max(MAX_BATCH);

export type DocumentUpload = z.input<typeof documentUpload>;
export type InvoiceUpload = z.input<typeof invoiceUpload>;
export type InvoiceItemUpload = z.input<typeof invoiceItemUpload>;
export type ReceivedOrderUpload = z.input<typeof receivedOrderUpload>;
export type StockIssueUpload = z.input<typeof stockIssueUpload>;
export type PaymentUpload = z.input<typeof paymentUpload>;
export type CashAccountUpload = z.input<typeof cashAccountUpload>;
