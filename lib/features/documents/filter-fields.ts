import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { SEQUENCE_CODE_MAX } from '@/lib/service/queries';
import { listFilterFields, type ListKind } from '@/lib/service/records/list-view';
import { expenseFilterDocumentTypes } from '@/lib/service/schemas/expense';
import type { NumberingSequence } from '@/lib/service/schemas/reference';

/** One field of a list's filter form, as the browser's control shows it. */
export type FilterFormField =
  | { name: string; type: 'date' | 'text' | 'number' | 'datetime-local'; maxLength?: number }
  | { name: string; type: 'select'; options: { value: string; label: string }[] };

/**
 * The form fields of each list, in the order of `listFilterFields`, typed for the browser's own controls (date
 * pickers, selects with the values in words). Pure: built from texts and the cached numbering sequences.
 */

// The interface allows sequence codes of at most 5 characters in the invoice and delivery-note filters.
const sequenceCodeLimit: Record<ListKind, number> = {
  invoices: SEQUENCE_CODE_MAX,
  expenses: 100,
  deliveryNotes: SEQUENCE_CODE_MAX,
};
const evidenceOf: Record<ListKind, string> = {
  invoices: 'invoices',
  expenses: 'expenses',
  deliveryNotes: 'deliveryNotes',
};

/** Sequences usable in this list's filter: with a code within the limit, of this book when the record says which. */
export function sequenceOptions(
  kind: ListKind,
  sequences: readonly NumberingSequence[],
): { value: string; label: string }[] {
  const seen = new Set<string>();
  const options: { value: string; label: string }[] = [];
  for (const sequence of sequences) {
    const code = sequence.code?.trim();
    if (!code || code.length > sequenceCodeLimit[kind] || seen.has(code)) continue;
    const evidence = (sequence as { evidence?: unknown }).evidence;
    if (typeof evidence === 'string' && evidence !== evidenceOf[kind]) continue;
    seen.add(code);
    options.push({ value: code, label: sequence.name?.trim() ? `${code} – ${sequence.name.trim()}` : code });
  }
  return options.sort((a, b) => a.value.localeCompare(b.value));
}

export function filterFieldsFor(
  kind: ListKind,
  texts: DocumentTexts,
  sequences: readonly NumberingSequence[] | null,
): FilterFormField[] {
  const options = sequences ? sequenceOptions(kind, sequences) : [];
  return (listFilterFields[kind] as readonly string[]).map((name): FilterFormField => {
    if (name.endsWith('DateFrom') || name.endsWith('DateTo')) return { name, type: 'date' };
    switch (name) {
      case 'PaymentStatus':
        return {
          name,
          type: 'select',
          options: (['0', '1'] as const).map((value) => ({ value, label: texts.filters.paymentFilter[value] })),
        };
      case 'DueDateStatus':
        return {
          name,
          type: 'select',
          options: (['1', '2'] as const).map((value) => ({ value, label: texts.dueDateStatus[value] })),
        };
      case 'DocumentType':
        return {
          name,
          type: 'select',
          options: expenseFilterDocumentTypes.map((type) => ({
            value: String(type),
            label: texts.expenseTypes[String(type) as '10'],
          })),
        };
      case 'NumberingSequence':
        return options.length > 0
          ? { name, type: 'select', options }
          : { name, type: 'text', maxLength: sequenceCodeLimit[kind] };
      case 'LastModifiedTimestamp':
        return { name, type: 'datetime-local' };
      case 'TotalPriceInclVatFrom':
      case 'TotalPriceInclVatTo':
        return { name, type: 'number' };
      default:
        return { name, type: 'text', maxLength: 20 };
    }
  });
}
