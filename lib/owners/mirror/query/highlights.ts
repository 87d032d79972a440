import { foldForSearch } from '@/lib/owners/mirror/search-text';
import { partnerName } from '@/lib/service/records/present';
import type { Partner } from '@/lib/service/schemas/common';

/**
 * Where a search matched a record, for the page to mark: the field (a path into the record, e.g. `documentNumber`,
 * `partner.name`, `items[2].name`), its text as the record has it, and the matched spans of that text
 * ([start, end) in UTF-16 units, sorted, never overlapping). Pure: safe anywhere.
 */
export type FieldHighlight = { field: string; text: string; spans: [start: number, end: number][] };

type Field = { field: string; text: string };

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The texts a record is searched by (lib/owners/mirror/document-row.ts), each under the path a page would show it from. */
function searchedFields(record: Record<string, unknown>): Field[] {
  const fields: Field[] = [];
  const add = (field: string, value: unknown) => {
    const text = textOf(value);
    if (text !== null) fields.push({ field, text });
  };
  add('id', String(record.id));
  add('documentNumber', record.documentNumber);
  add('variableSymbol', record.variableSymbol);
  add('orderNumber', record.orderNumber);
  const partner = (record.partner ?? null) as Partner | null;
  add('partner.name', partnerName(partner));
  add('partner.contactName', partner?.address?.contactName);
  add('partner.registrationId', partner?.registrationId);
  add('partner.taxId', partner?.taxId);
  add('partner.vatId', partner?.vatId);
  for (const lines of ['items', 'journalItems']) {
    const list = record[lines];
    if (!Array.isArray(list)) continue;
    list.forEach((line: unknown, index) => {
      if (typeof line !== 'object' || line === null) return;
      for (const part of ['name', 'itemCode', 'description']) {
        add(`${lines}[${index}].${part}`, (line as Record<string, unknown>)[part]);
      }
    });
  }
  return fields;
}

/**
 * A text folded character by character, with where each folded unit came from, so a match in the folded text maps
 * back to the characters a person sees ("Hruška" matched by "hruska" marks all six letters). A character folding to
 * nothing (a separate combining mark) belongs to the one before it.
 */
function foldWithOrigins(text: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const character of text) {
    const end = offset + character.length;
    const part = foldForSearch(character);
    if (part === '' && ends.length > 0) ends[ends.length - 1] = end;
    for (let unit = 0; unit < part.length; unit++) {
      starts.push(offset);
      ends.push(end);
    }
    folded += part;
    offset = end;
  }
  return { folded, starts, ends };
}

/** Joins overlapping or touching spans. */
function merged(spans: [number, number][]): [number, number][] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push([...span]);
  }
  return out;
}

/**
 * The highlights of one record for the folded words of a search (lib/owners/mirror/search-text.ts searchWordsOf): every
 * occurrence of every word in every searched field, and the id when the whole search is the record's id.
 */
export function highlightsOf(record: Record<string, unknown>, words: readonly string[]): FieldHighlight[] {
  if (words.length === 0) return [];
  const phrase = words.join(' ');
  const highlights: FieldHighlight[] = [];
  for (const { field, text } of searchedFields(record)) {
    if (field === 'id') {
      if (text.toLowerCase() === phrase) highlights.push({ field, text, spans: [[0, text.length]] });
      continue;
    }
    const { folded, starts, ends } = foldWithOrigins(text);
    const spans: [number, number][] = [];
    for (const word of words) {
      for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
        spans.push([starts[at]!, ends[at + word.length - 1]!]);
      }
    }
    if (spans.length > 0) highlights.push({ field, text, spans: merged(spans) });
  }
  return highlights;
}
