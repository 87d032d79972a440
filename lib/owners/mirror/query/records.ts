import type { z } from 'zod';

import type { MirroredRecord } from '@/lib/owners/mirror/document-row';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { deliveryNoteSchema } from '@/lib/service/schemas/delivery-note';
import { expenseSchema } from '@/lib/service/schemas/expense';
import { invoiceSchema } from '@/lib/service/schemas/invoice';

/** Each kind's schema: a stored record is read back exactly as a live answer is parsed, so the same pages render it. */
export const recordSchemas: { [K in DocumentKind]: z.ZodType<MirroredRecord[K]> } = {
  invoices: invoiceSchema,
  expenses: expenseSchema,
  deliveryNotes: deliveryNoteSchema,
};
