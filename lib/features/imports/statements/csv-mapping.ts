import { z } from 'zod';

/** A column of the file, named by its header as the file writes it (matched ignoring case, accents and spacing). */
const column = z.string().trim().min(1).max(200);
const optionalColumn = column.nullable().default(null);

/** Which column holds what. The date and an amount (one signed column, or a credit and/or a debit column) are required. */
export const csvColumnsSchema = z
  .object({
    date: column,
    amount: optionalColumn,
    credit: optionalColumn,
    debit: optionalColumn,
    currency: optionalColumn,
    variableSymbol: optionalColumn,
    specificSymbol: optionalColumn,
    constantSymbol: optionalColumn,
    counterpartyName: optionalColumn,
    counterpartyIban: optionalColumn,
    message: optionalColumn,
    /** The bank's own reference of the line (a transaction id): what keeps its externalId stable across downloads. */
    reference: optionalColumn,
    endToEndId: optionalColumn,
  })
  .refine((columns) => columns.amount !== null || columns.credit !== null || columns.debit !== null, {
    message: 'An amount column, or a credit or debit column, is required.',
    path: ['amount'],
  });

/**
 * How to read a bank's CSV export: confirmed by the user once per account and remembered (it is plain JSON). `auto`
 * detects per file: the delimiter from the header row, the encoding from the bytes (UTF-8, with or without BOM,
 * else windows-1250), the decimal separator from the amounts. Dates are read day first (`15.01.2026`, `15/01/2026`,
 * `15.1.26`) or ISO (`2026-01-15`, `20260115`), with or without a time after them.
 */
export const csvMappingSchema = z.object({
  columns: csvColumnsSchema,
  delimiter: z.enum([';', ',', '\t', 'auto']).default('auto'),
  decimalSeparator: z.enum([',', '.', 'auto']).default('auto'),
  encoding: z.enum(['utf-8', 'windows-1250', 'auto']).default('auto'),
  /** The currency of lines when no column says it. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('EUR'),
});

export type CsvColumns = z.infer<typeof csvColumnsSchema>;
export type CsvMapping = z.infer<typeof csvMappingSchema>;
export type CsvMappingInput = z.input<typeof csvMappingSchema>;
export type CsvField = keyof CsvColumns;

/** A proposal for the form: every field the header seems to have, and a whole mapping when it has the required ones. */
export type CsvMappingGuess = {
  found: Record<CsvField, string | null>;
  /** Ready to confirm (date and amount found), or null when the user must pick them. */
  mapping: CsvMapping | null;
};

/** Header text compared without case, accents, punctuation or repeated spaces: 'Dátum zaúčtovania' → 'datum zauctovania'. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Headers Slovak, Czech and English bank exports use, most specific first. Exact (normalised) names are tried
 * before words a header merely contains, so 'Dátum valuty' loses to 'Dátum zaúčtovania' for the booking date.
 */
const synonyms: Record<CsvField, { exact: string[]; contains: string[] }> = {
  date: {
    exact: [
      'datum zauctovania',
      'datum uctovania',
      'datum zauctovani',
      'booking date',
      'datum transakcie',
      'datum pohybu',
      'datum',
      'date',
      'datum valuty',
      'value date',
    ],
    contains: ['zauctovan', 'booking', 'datum', 'date'],
  },
  amount: {
    exact: [
      'suma',
      'ciastka',
      'castka',
      'objem',
      'amount',
      'suma transakcie',
      'ciastka transakcie',
      'suma v mene uctu',
      'zauctovana suma',
      'transaction amount',
    ],
    contains: ['suma', 'ciastka', 'castka', 'amount'],
  },
  credit: {
    exact: ['kredit', 'pripis', 'prijem', 'credit', 'suma kredit', 'prijate'],
    contains: ['kredit', 'pripis', 'credit'],
  },
  debit: {
    exact: ['debet', 'odpis', 'vydaj', 'debit', 'suma debet', 'odoslane'],
    contains: ['debet', 'odpis', 'debit'],
  },
  currency: { exact: ['mena', 'mena uctu', 'currency', 'ccy', 'mena transakcie'], contains: ['mena', 'currency'] },
  variableSymbol: {
    exact: ['vs', 'variabilny symbol', 'variabilni symbol', 'var symbol', 'variable symbol'],
    contains: ['variabil'],
  },
  specificSymbol: { exact: ['ss', 'specificky symbol', 'specificky', 'specific symbol'], contains: ['specific'] },
  constantSymbol: {
    exact: ['ks', 'konstantny symbol', 'konstantni symbol', 'constant symbol'],
    contains: ['konstant', 'constant'],
  },
  counterpartyName: {
    exact: [
      'nazov protiuctu',
      'nazev protiuctu',
      'nazov protistrany',
      'protistrana',
      'nazov uctu protistrany',
      'meno protistrany',
      'counterparty',
      'counterparty name',
      'platca',
      'nazov platcu',
      'partner',
      'name',
    ],
    contains: ['nazov protiuct', 'nazev protiuct', 'protistran', 'counterparty', 'platc'],
  },
  counterpartyIban: {
    exact: [
      'iban protiuctu',
      'protiucet',
      'cislo protiuctu',
      'iban protistrany',
      'ucet protistrany',
      'counterparty iban',
      'counterparty account',
      'iban',
    ],
    contains: ['protiuct', 'iban', 'ucet protistrany'],
  },
  message: {
    exact: [
      'sprava pre prijemcu',
      'sprava pre prijimatela',
      'sprava',
      'zprava pro prijemce',
      'informacia pre prijemcu',
      'poznamka',
      'popis',
      'ucel platby',
      'message',
      'description',
      'remittance information',
      'detail',
    ],
    contains: ['sprav', 'zprav', 'poznam', 'popis', 'message', 'remittance'],
  },
  reference: {
    exact: [
      'referencia banky',
      'id transakcie',
      'identifikacia transakcie',
      'cislo transakcie',
      'id pohybu',
      'referencia',
      'transaction id',
      'bank reference',
      'reference',
    ],
    contains: ['id transakc', 'id pohyb', 'referencia banky', 'transaction id'],
  },
  endToEndId: {
    exact: ['end to end', 'end to end id', 'end to end reference', 'e2e', 'referencia platitela', 'referencia platcu'],
    contains: ['end to end', 'referencia plat'],
  },
};

/** Symbols first: their short names ('vs') must not be taken by a broader field's 'contains' words. */
const guessOrder: CsvField[] = [
  'variableSymbol',
  'specificSymbol',
  'constantSymbol',
  'endToEndId',
  'counterpartyIban',
  'counterpartyName',
  'credit',
  'debit',
  'amount',
  'currency',
  'date',
  'reference',
  'message',
];

/** Proposes which column is which from the header row; each header is given to one field at most. */
export function guessCsvMapping(headerRow: string[]): CsvMappingGuess {
  const keys = headerRow.map(headerKey);
  const taken = new Set<number>();
  const found = Object.fromEntries(guessOrder.map((field) => [field, null])) as Record<CsvField, string | null>;
  const pick = (field: CsvField, matches: (key: string) => boolean) => {
    const at = keys.findIndex((key, index) => !taken.has(index) && key !== '' && matches(key));
    if (at < 0) return false;
    taken.add(at);
    found[field] = headerRow[at]!.trim();
    return true;
  };
  // Exact names first for every field, then words: 'Názov protiúčtu' is the name before 'protiúčt' could make it an IBAN.
  for (const field of guessOrder) synonyms[field].exact.some((name) => pick(field, (key) => key === name));
  for (const field of guessOrder) {
    if (found[field] === null) synonyms[field].contains.some((word) => pick(field, (key) => key.includes(word)));
  }
  const parsed = csvMappingSchema.safeParse({ columns: found });
  return { found, mapping: parsed.success ? parsed.data : null };
}
