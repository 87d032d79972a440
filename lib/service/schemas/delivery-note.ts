import { z } from 'zod';

import { amount, int64Id, partnerSchema, pricesSchema, serviceDate, tags, text } from './common';

/** No public evidence of the delivery note's fields: modelled on the invoice, every field optional. */
export const deliveryNoteSchema = z.looseObject({
  id: int64Id,
  documentNumber: text,
  numberingSequence: text,
  orderNumber: text,
  partner: partnerSchema.nullish(),
  issueDate: serviceDate,
  deliveryDate: serviceDate,
  lastModifiedTimestamp: serviceDate,
  prices: pricesSchema.nullish(),
  tags,
  items: z
    .array(
      z.looseObject({
        name: text,
        itemCode: text,
        quantity: amount,
        unit: text,
        unitPrice: amount,
        totalPrice: amount,
      }),
    )
    .nullish(),
});

export type DeliveryNote = z.infer<typeof deliveryNoteSchema>;
