import { z } from 'zod';

import { type Amount, amountOfNumber, numberOfAmount } from '@/lib/base/money';

import { answeredJsonOf } from './as-answered';

/**
 * Building blocks of the service's records. The interface leaves record shapes "not shown"; the fields here are
 * those the service's public integrations agree on (../shared/spec/service-facts.md). So: every field but the id is
 * optional and may be null, unknown fields are kept (z.looseObject), and a known field of the wrong type makes the
 * answer malformed rather than silently wrong.
 */

const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

export const text = optional(z.string());
/**
 * A money field (an amount, a price, a quantity, a rate): the service writes a JSON number, the schema gives an exact
 * `Amount` (lib/base/money, docs/money.md): the number's shortest text, which is the decimal the service wrote. A
 * codec, so a parsed record goes back to the service's own JSON for the copy (wireRecordOf): its `record` column
 * keeps numbers, as the service wrote them.
 */
export const exactAmount = z.codec(
  z.number(),
  z.custom<Amount>((value) => typeof value === 'string'),
  {
    decode: (value) => amountOfNumber(value)!,
    encode: (value) => numberOfAmount(value),
  },
);
export const amount = optional(exactAmount);
/** Record dates look like "2024-07-22T00:00:00" (no zone: the company's local calendar day). */
export const serviceDate = optional(z.string());
export const tags = optional(z.array(z.union([z.string(), z.looseObject({ name: text })])));

export const addressSchema = z.looseObject({
  businessName: text,
  contactName: text,
  street: text,
  postCode: text,
  city: text,
  country: text,
});

export const partnerSchema = z.looseObject({
  address: optional(addressSchema),
  postalAddress: optional(addressSchema),
  registrationId: text,
  taxId: text,
  vatId: text,
  phoneNumber: text,
  email: text,
});

const priceTriple = z.looseObject({ totalPrice: amount, vatTotalPrice: amount, totalPriceInclVat: amount });

/** Document prices are in the document's currency; legislative prices in EUR. Credit notes carry negative amounts. */
export const pricesSchema = z.looseObject({
  currency: text,
  exchangeRate: amount,
  documentPrices: optional(priceTriple),
  legislativePrices: optional(priceTriple),
});

export const int64Id = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d{1,19}$/)
    .transform(Number),
]);

export type Partner = z.infer<typeof partnerSchema>;
export type Prices = z.infer<typeof pricesSchema>;

/**
 * A parsed record as the service wrote it: the answer's own JSON for it when it was read from one and not changed
 * since (as-answered.ts), else encoded again: each amount its JSON number (exactly the double the answer held), every
 * other field as it is. What the copy stores, so a stored record reads back through the same schema.
 */
export const wireRecordOf = <T extends z.ZodType>(schema: T, record: z.output<T>): z.input<T> =>
  (answeredJsonOf(record) as z.input<T> | undefined) ?? z.encode(schema, record);
