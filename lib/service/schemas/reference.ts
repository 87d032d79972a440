import { z } from 'zod';

import { amount, int64Id, serviceDate, text } from './common';

/** Reference data. Numbering sequences are known to carry an id, a name and their code; the rest is weak evidence. */
export const numberingSequenceSchema = z.looseObject({
  id: z.unknown().optional(),
  name: text,
  code: text,
  documentType: z.unknown().optional(),
});

export const paymentAccountSchema = z.looseObject({
  id: int64Id,
  name: text,
  iban: text,
  currency: text,
  type: z.unknown().optional(),
});

/** A payment GET /api/payments lists; the names beyond the upload body's are weak evidence (service-facts.md). */
export const paymentSchema = z.looseObject({
  id: z.union([z.number().int(), z.string()]).nullish(),
  accountId: int64Id.nullish(),
  dateOfPayment: serviceDate,
  sumOfPayment: amount,
  currency: text,
  variableSymbol: text,
  partnerName: text,
  remittanceInformation: text,
  paymentReference: text,
  externalId: text,
  iban: text,
  documentNumber: text,
  lastModifiedTimestamp: serviceDate,
});

export const warehouseSchema = z.looseObject({ id: z.unknown().optional(), code: text, name: text });

export const catalogItemSchema = z.looseObject({
  itemCode: text,
  name: text,
  unit: text,
  eanCode: text,
  price: amount,
  lastModifiedTimestamp: serviceDate,
  warehouses: z.array(z.looseObject({ code: text, quantityOnHand: amount })).nullish(),
});

/** 202 to an upload: `requestId` is an array by the interface, a string in some answers; both are accepted. */
export const acceptedSchema = z
  .looseObject({ requestId: z.union([z.string(), z.array(z.string())]).nullish() })
  .transform((raw) => ({
    ...raw,
    requestIds: raw.requestId == null ? [] : Array.isArray(raw.requestId) ? raw.requestId : [raw.requestId],
  }));

export const deliveryNoteCreatedSchema = z.looseObject({ id: int64Id.nullish(), documentNumber: text });

/** previewLink "returns a URL": a bare string, or an object naming it, at the top level or under `data`. */
// Only http(s): the link is put in front of the user, and a `javascript:` URL there would run in our origin. Kept as
// the service wrote it (z.url() would drop tabs and line breaks): what may be followed is decided on the raw text
// (lib/service/preview-address.ts).
const webUrl = z.string().refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol));
export const previewLinkSchema = z.union([
  webUrl,
  z.looseObject({ url: webUrl }).transform((v) => v.url),
  z.looseObject({ previewLink: webUrl }).transform((v) => v.previewLink),
  z.looseObject({ link: webUrl }).transform((v) => v.link),
]);

export type NumberingSequence = z.infer<typeof numberingSequenceSchema>;
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;
export type Payment = z.infer<typeof paymentSchema>;
export type Warehouse = z.infer<typeof warehouseSchema>;
export type CatalogItem = z.infer<typeof catalogItemSchema>;
export type Accepted = z.infer<typeof acceptedSchema>;
