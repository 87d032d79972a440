import type { DataApiClient } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';
import { invoiceExtendedFields } from '@/lib/service/queries';
import type { Invoice } from '@/lib/service/schemas/invoice';

const extendedParts = ['items', 'vatBreakdowns', 'payments', 'linkedDocuments'] as const;

/**
 * One invoice with its items, VAT breakdown, payments and linked documents. The interface offers ExtendedFields
 * on the list only; a single record may or may not carry those parts. When it carries none, they are asked for
 * once more through the list, narrowed to this document number (and sequence): one extra call, for that case only.
 * If that call fails, the invoice is shown without them rather than not at all.
 */
export async function loadInvoiceDetail(client: DataApiClient, id: number | string): Promise<Invoice> {
  const invoice = await client.invoices.get(id);
  const number = invoice.documentNumber?.trim();
  if (extendedParts.some((part) => invoice[part] != null) || !number || number.length > 20) return invoice;

  const sequence = invoice.numberingSequence?.trim();
  try {
    const matches = await client.invoices.list({
      DocumentNumberFrom: number,
      DocumentNumberTo: number,
      NumberingSequence: sequence && sequence.length <= 5 ? sequence : undefined,
      ExtendedFields: [...invoiceExtendedFields],
      Top: 10,
    });
    const extended = matches.find((candidate) => candidate.id === invoice.id);
    if (!extended) return invoice;
    return { ...invoice, ...Object.fromEntries(extendedParts.map((part) => [part, extended[part]])) };
  } catch (error) {
    if (isDataApiError(error)) return invoice;
    throw error;
  }
}
