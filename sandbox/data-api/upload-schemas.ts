/**
 * What the sandbox requires of uploaded documents. The interface does not show the bodies: invoices follow the body
 * the service's integrations agree on (service-facts.md "Invoice upload body": items with `name`, `amount`,
 * `measureUnit`, `vatRate` and the line's total `totalPriceInclVat`, no unit price); delivery notes, of which nothing
 * is public, keep the least that makes a document (a partner with a name, items with name, quantity and unit price),
 * with field names from the records the sandbox serves. Unknown fields are accepted and ignored, as the service does.
 */
import { z } from 'zod';

import { parseTimestamp } from '../data/calendar';

const optionalText = (max: number) => z.string().max(max).nullish();

/** `yyyy-MM-dd` (full ISO date-times are accepted too). */
export const dateInput = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && parseTimestamp(v) !== undefined, {
  error: 'Expected a date in the form yyyy-MM-dd.',
});

const addressInput = z.looseObject({
  businessName: optionalText(200),
  contactName: optionalText(200),
  street: optionalText(200),
  postCode: optionalText(20),
  city: optionalText(100),
  country: optionalText(60),
});

export const partnerInput = z
  .looseObject({
    address: addressInput,
    postalAddress: addressInput.nullish(),
    registrationId: optionalText(20),
    taxId: optionalText(20),
    vatId: optionalText(20),
    phoneNumber: optionalText(50),
    email: optionalText(200),
  })
  .refine((p) => Boolean(p.address.businessName?.trim() || p.address.contactName?.trim()), {
    error: 'The partner needs address.businessName or address.contactName.',
    path: ['address'],
  });

/** A delivery note's item (no public evidence of its shape). */
const deliveryItemInput = z.looseObject({
  name: z.string().trim().min(1).max(200),
  itemCode: optionalText(50),
  warehouseCode: optionalText(20),
  quantity: z.number().finite(),
  unit: optionalText(10),
  unitPrice: z.number().finite(),
  vatRate: z.number().min(0).max(100).nullish(),
});

/** An amount of money in whole cents: a number with at most two decimals. */
const money = z
  .number()
  .finite()
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'At most 2 decimal places.' });

/** An invoice's item: the quantity (`amount`) and the line's total including VAT define it; no unit price. */
export const invoiceItemInput = z.looseObject({
  name: z.string().trim().min(1).max(200),
  /** The quantity. */
  amount: z.number().finite(),
  measureUnit: optionalText(10),
  /** Percent; missing: the standard rate at the invoice's date. */
  vatRate: z.number().min(0).max(100).nullish(),
  /** The line's total including VAT (after any discount). */
  totalPriceInclVat: money,
  discountPercent: z.number().min(0).max(100).nullish(),
  itemCode: optionalText(50),
  warehouseCode: optionalText(20),
  eanCode: optionalText(20),
  description: optionalText(500),
});
export type InvoiceItemInput = z.output<typeof invoiceItemInput>;

const documentFields = {
  /** Empty or missing: the next number of the sequence (automatic numbering). */
  documentNumber: optionalText(20),
  /** The sequence code; missing: the company's default sequence for the kind of document. */
  numberingSequence: optionalText(5),
  orderNumber: optionalText(20),
  externalId: optionalText(100),
  issueDate: dateInput.nullish(),
  deliveryDate: dateInput.nullish(),
  currency: z.enum(['EUR', 'CZK', 'USD', 'HUF']).nullish(),
  partner: partnerInput,
  tags: z.array(z.string().max(50)).max(20).nullish(),
};

export const invoiceInput = z.looseObject({
  ...documentFields,
  items: z.array(invoiceItemInput).min(1).max(1000),
  /** Units of the currency per 1 EUR; missing: the sandbox's fixed rate of the currency. */
  exchangeRate: z.number().positive().finite().nullish(),
  invoiceType: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullish(),
  dueDate: dateInput.nullish(),
  /** Missing: derived from the number; empty string: none; otherwise used as given (digits, at most 10). */
  variableSymbol: z
    .string()
    .regex(/^\d{0,10}$/, { error: 'At most 10 digits.' })
    .nullish(),
});
export type InvoiceInput = z.output<typeof invoiceInput>;

const deliveryFields = { ...documentFields, items: z.array(deliveryItemInput).min(1).max(1000) };

export const deliveryNoteInput = z.looseObject(deliveryFields);
export type DeliveryNoteInput = z.output<typeof deliveryNoteInput>;

export const receivedOrderInput = z.looseObject(deliveryFields);

/** Field list from service-facts.md (POST /api/payments/batch). */
export const paymentInput = z.looseObject({
  dateOfPayment: dateInput,
  sumOfPayment: z
    .number()
    .finite()
    .refine((v) => v !== 0, { error: 'A payment of 0 is not a payment.' }),
  variableSymbol: optionalText(10),
  accountId: z.number().int().nullish(),
  remittanceInformation: optionalText(140),
  paymentReference: optionalText(140),
  partnerName: optionalText(200),
  note: optionalText(500),
  externalId: optionalText(100),
  /** 1 bank transfer, 2 card. */
  paymentType: z.union([z.literal(1), z.literal(2)]).nullish(),
});
export type PaymentInput = z.output<typeof paymentInput>;

export const stockIssueInput = z.looseObject({
  warehouseCode: optionalText(20),
  issueDate: dateInput.nullish(),
  externalId: optionalText(100),
  partner: partnerInput.nullish(),
  items: z
    .array(
      z
        .looseObject({
          itemCode: optionalText(50),
          name: optionalText(200),
          quantity: z.number().positive(),
          warehouseCode: optionalText(20),
        })
        .refine((item) => Boolean(item.itemCode || item.name), { error: 'Each item needs itemCode or name.' }),
    )
    .min(1),
});
export type StockIssueInput = z.output<typeof stockIssueInput>;

export const cashAccountInput = z.looseObject({
  name: z.string().trim().min(1).max(100),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
});
