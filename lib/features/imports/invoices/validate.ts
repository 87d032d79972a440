import { createHash } from 'node:crypto';

import type { InvoiceDisplay, InvoicePartnerWarning } from '@/lib/base/imports/invoice-display';
import { centsOf, eurCentsAt, moneyText, readDecimal, vatInTotal, wireNumberOf } from '@/lib/base/money';
import type { LineProblem, NewLine } from '@/lib/owners/imports/lines';
import { foldForSearch } from '@/lib/owners/mirror/search-text';

import { INVOICE_LEVEL_FIELDS, type InvoiceField } from './fields';
import type { InvoiceSheet, SheetRow } from './sheet';
import { readDate, vatRatesOn } from './values';

/**
 * An invoice sheet's rows become invoices (issue 21): rows with the same numbering sequence and document number are
 * one invoice (an empty number: the same `rowGroup`), each checked by every rule with every problem naming the row,
 * the column and the value, and each a line of an import: `ready` with the upload body the service takes
 * (service-facts.md "Invoice upload body"), or `invalid` with its problems. Pure: the company's facts come in the
 * context (context.ts reads them from the mirror).
 */

/** A partner the company already has (from its mirrored invoices). */
export type KnownPartner = { name: string; registrationId: string | null; email: string | null };

export type InvoiceContext = {
  /** The company's invoice numbering sequences' codes; empty: not known (never mirrored), so not checked. */
  numberingSequences: string[];
  /** The sequence an invoice without one is numbered in, when the mirror says which. */
  defaultSequence?: string | null;
  /** Invoices the service has, by `${numberingSequence}\u0000${documentNumber}`. */
  existing: Map<string, { id: string }>;
  partners: KnownPartner[];
  /** yyyy-MM-dd in the company's zone: the day VAT rates are taken at when an invoice has no date. */
  today: string;
};

/** A partner that looks like a duplicate: the same name with several IČOs, or a person with several e-mails. */
export type PartnerWarning = InvoicePartnerWarning;

export type InvoiceDraft = {
  lines: NewLine[];
  partnerWarnings: PartnerWarning[];
  /** The file's columns the sheet does not know (left out). */
  ignoredColumns: string[];
};

export type { InvoiceDisplay };

/** Longest texts the upload takes (lib/service/uploads.ts, the sandbox's schema). */
const MAX_LENGTH: Partial<Record<InvoiceField, number>> = {
  documentNumber: 20,
  numberingSequence: 5,
  rowGroup: 100,
  orderNumber: 20,
  'partner.businessName': 200,
  'partner.street': 200,
  'partner.city': 100,
  'partner.postCode': 20,
  'partner.country': 60,
  'partner.email': 200,
  'item.name': 200,
  'item.itemCode': 50,
  'item.measureUnit': 10,
};

const EU_VAT_PREFIXES = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);
const SLOVAKIA = new Set(['', 'sk', 'svk', 'slovensko', 'slovakia', 'slovenska republika', 'slovak republic']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Problems = LineProblem[];

/** One invoice's rows as grouped, with what grouping found wrong. */
type Group = { key: string; rows: SheetRow[]; problems: Problems };

/** The problem a cell has: its row, its column as the file names it, its value as read. */
function problemAt(
  sheet: InvoiceSheet,
  row: SheetRow,
  field: InvoiceField,
  code: string,
  extra: Record<string, string> = {},
): LineProblem {
  return {
    code,
    params: { row: String(row.row), column: sheet.headers[field] ?? field, value: row.text[field] ?? '', ...extra },
  };
}

const textOf = (row: SheetRow, field: InvoiceField) => row.text[field]?.trim() || null;

/**
 * The invoice a row belongs to: its sequence (an empty one is the default) and number, else its sequence and row
 * group; null: no key.
 */
function groupKeyOf(row: SheetRow, defaultSequence: string): string | null {
  const sequence = (textOf(row, 'numberingSequence') ?? defaultSequence).toUpperCase();
  const number = textOf(row, 'documentNumber');
  if (number !== null) return `n\u0000${sequence}\u0000${number}`;
  const group = textOf(row, 'rowGroup');
  return group === null ? null : `g\u0000${sequence}\u0000${group}`;
}

function groupsOf(sheet: InvoiceSheet, defaultSequence: string): Group[] {
  const groups = new Map<string, Group>();
  const alone: Group[] = [];
  for (const row of sheet.rows) {
    const key = groupKeyOf(row, defaultSequence);
    if (key === null) {
      alone.push({
        key: `r${row.row}`,
        rows: [row],
        problems: [problemAt(sheet, row, sheet.headers.rowGroup ? 'rowGroup' : 'documentNumber', 'row-group-missing')],
      });
      continue;
    }
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { key, rows: [row], problems: [] });
  }
  return [...groups.values(), ...alone].sort((a, b) => a.rows[0]!.row - b.rows[0]!.row);
}

/** What a value means, to compare it across an invoice's rows ("1. 2. 2026" = "2026-02-01", "SK" = "sk"). */
function comparable(row: SheetRow, field: InvoiceField): string {
  const cell = row.cells[field];
  const text = textOf(row, field) ?? '';
  if (field.endsWith('Date')) return readDate(text, cell?.kind) ?? text;
  if (field === 'exchangeRate' || field === 'total') return readDecimal(text) ?? text;
  return foldForSearch(text).replace(/\s+/g, ' ');
}

/** An invoice's own fields: each from the first of its rows that has it; another value in a later row is a problem. */
function invoiceFieldsOf(sheet: InvoiceSheet, group: Group): Map<InvoiceField, SheetRow> {
  const from = new Map<InvoiceField, SheetRow>();
  for (const row of group.rows) {
    for (const field of INVOICE_LEVEL_FIELDS) {
      if (textOf(row, field) === null) continue;
      const first = from.get(field);
      if (!first) from.set(field, row);
      else if (comparable(first, field) !== comparable(row, field))
        group.problems.push(
          problemAt(sheet, row, field, 'conflicting-value', {
            firstRow: String(first.row),
            firstValue: first.text[field]!,
          }),
        );
    }
  }
  return from;
}

type Item = {
  name: string;
  amount: string;
  measureUnit: string | null;
  vatRate: string;
  totalCents: bigint;
  itemCode: string | null;
};

/** Normalised IČO: 8 digits; a Slovak one written with 6 or 7 (its leading zeros lost, as a number cell loses them) padded. */
function registrationIdOf(text: string, slovak: boolean): string | null {
  const digits = text.replace(/\s+/g, '');
  if (/^\d{8}$/.test(digits)) return digits;
  if (slovak && /^\d{6,7}$/.test(digits)) return digits.padStart(8, '0');
  return null;
}

function taxIdOf(text: string, slovak: boolean): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (/^\d{10}$/.test(compact)) return compact;
  if (!slovak && /^[A-Z0-9]{2,20}$/.test(compact)) return compact;
  return null;
}

function vatIdOf(text: string): string | null {
  const compact = text.replace(/[\s.-]+/g, '').toUpperCase();
  const prefix = compact.slice(0, 2);
  if (prefix === 'SK') return /^SK\d{10}$/.test(compact) ? compact : null;
  return EU_VAT_PREFIXES.has(prefix) && /^[A-Z]{2}[A-Z0-9+*]{2,12}$/.test(compact) ? compact : null;
}

/** Either the number a JSON body carries for the decimal, or null when a double cannot carry it exactly. */
function wireNumber(decimal: string): number | null {
  try {
    return wireNumberOf(decimal);
  } catch {
    return null;
  }
}

type Checked = {
  line: NewLine;
  partner: { name: string | null; registrationId: string | null; email: string | null; person: boolean; row: number };
};

const digestOf = (content: unknown) => createHash('sha256').update(JSON.stringify(content)).digest('base64url');

/**
 * One invoice's reading: its rows, the row each invoice-level field comes from, and the problems found so far (the
 * group's own first). Each step of invoiceOf reads through it, so a problem names the row its value came from.
 */
type InvoiceReader = {
  sheet: InvoiceSheet;
  group: Group;
  first: SheetRow;
  fields: Map<InvoiceField, SheetRow>;
  problems: Problems;
  /** A problem of an invoice-level field, at the row its value came from (the first row when none has it). */
  problem: (field: InvoiceField, code: string, extra?: Record<string, string>) => void;
  /** An invoice-level text, checked against its longest length. */
  text: (field: InvoiceField) => string | null;
  /** An invoice-level date, yyyy-MM-dd. */
  date: (field: InvoiceField) => string | null;
};

function readerOf(sheet: InvoiceSheet, group: Group): InvoiceReader {
  const problems: Problems = group.problems;
  const fields = invoiceFieldsOf(sheet, group);
  const first = group.rows[0]!;
  const rowOf = (field: InvoiceField) => fields.get(field) ?? first;
  const problem = (field: InvoiceField, code: string, extra?: Record<string, string>) =>
    problems.push(problemAt(sheet, rowOf(field), field, code, extra));
  const text = (field: InvoiceField): string | null => {
    const row = fields.get(field);
    const value = row ? textOf(row, field) : null;
    const limit = MAX_LENGTH[field];
    if (value !== null && limit !== undefined && value.length > limit)
      problem(field, 'too-long', { limit: String(limit) });
    return value;
  };
  const date = (field: InvoiceField): string | null => {
    const row = fields.get(field);
    if (!row) return null;
    const day = readDate(textOf(row, field)!, row.cells[field]?.kind);
    if (day === null) problem(field, 'not-a-date');
    return day;
  };
  return { sheet, group, first, fields, problems, problem, text, date };
}

/** The document's number and sequence. */
function numberingOf(read: InvoiceReader, sequences: SequenceIndex) {
  const documentNumber = read.text('documentNumber') ?? '';
  const sequenceWritten = read.text('numberingSequence');
  // An empty sequence is the company's default: written out when the mirror says which, so an invoice is the same
  // (and gets the same externalId) whether its file names the default sequence or leaves it empty.
  let numberingSequence = sequences.defaultSequence;
  if (sequenceWritten !== null) {
    const known = sequences.byFolded.get(sequenceWritten.toUpperCase());
    if (known) numberingSequence = known;
    else if (sequences.checked) read.problem('numberingSequence', 'numbering-sequence', { known: sequences.list });
    else numberingSequence = sequenceWritten.toUpperCase();
  }
  const rowGroup = documentNumber === '' ? textOf(read.first, 'rowGroup') : null;
  return { documentNumber, numberingSequence, rowGroup };
}

/** The dates, and the day whose VAT rates apply (delivery, else issue, else today). */
function datesOf(read: InvoiceReader, today: string) {
  const issueDate = read.date('issueDate');
  const dueDate = read.date('dueDate');
  const deliveryDate = read.date('deliveryDate');
  if (issueDate !== null && dueDate !== null && dueDate < issueDate)
    read.problem('dueDate', 'due-before-issue', { issueDate });
  const taxDay = deliveryDate ?? issueDate ?? today;
  return { issueDate, dueDate, deliveryDate, taxDay };
}

/** The currency (EUR when empty) and, for another one, its exchange rate as the file gives it. */
function currencyOf({ fields, problem, text }: InvoiceReader) {
  const currency = (text('currency') ?? 'EUR').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) problem('currency', 'currency');
  let exchangeRate: string | null = null;
  if (fields.has('exchangeRate')) {
    exchangeRate = readDecimal(text('exchangeRate')!);
    if (exchangeRate === null || wireNumber(exchangeRate) === null) problem('exchangeRate', 'not-a-number');
    else if (!(Number(exchangeRate) > 0)) problem('exchangeRate', 'exchange-rate');
  }
  if (currency !== 'EUR' && /^[A-Z]{3}$/.test(currency) && !fields.has('exchangeRate'))
    problem('currency', 'exchange-rate-missing');
  return { currency, exchangeRate };
}

function symbolsOf({ problem, text }: InvoiceReader) {
  const variableSymbol = text('variableSymbol');
  if (variableSymbol !== null && !/^\d{1,10}$/.test(variableSymbol)) problem('variableSymbol', 'variable-symbol');
  const orderNumber = text('orderNumber');
  return { variableSymbol, orderNumber };
}

/** The partner: its name, its ids normalised (a Slovak partner's IČO padded), its e-mail and address. */
function partnerOf({ sheet, first, problems, problem, text }: InvoiceReader) {
  const name = text('partner.businessName');
  if (name === null) problems.push(problemAt(sheet, first, 'partner.businessName', 'missing-value'));
  const country = text('partner.country');
  const slovak = SLOVAKIA.has(foldForSearch(country ?? '').trim());
  const idOf = (field: InvoiceField, code: string, read: (value: string) => string | null) => {
    const value = text(field);
    if (value === null) return null;
    const normal = read(value);
    if (normal === null) problem(field, code);
    return normal;
  };
  const registrationId = idOf('partner.registrationId', 'registration-id', (value) => registrationIdOf(value, slovak));
  const taxId = idOf('partner.taxId', 'tax-id', (value) => taxIdOf(value, slovak));
  const vatId = idOf('partner.vatId', 'vat-id', vatIdOf);
  const email = text('partner.email');
  if (email !== null && !EMAIL.test(email)) problem('partner.email', 'email');
  const street = text('partner.street');
  const city = text('partner.city');
  const postCode = text('partner.postCode');
  return { name, country, registrationId, taxId, vatId, email, street, city, postCode };
}

/** A row's item, or null when a value it needs is missing or wrong (each such a problem at the row). */
function itemOf(read: InvoiceReader, row: SheetRow, rates: readonly string[], taxDay: string): Item | null {
  const at = (field: InvoiceField, code: string, extra?: Record<string, string>) =>
    read.problems.push(problemAt(read.sheet, row, field, code, extra));
  const itemText = (field: InvoiceField) => {
    const value = textOf(row, field);
    const limit = MAX_LENGTH[field];
    if (value !== null && limit !== undefined && value.length > limit) at(field, 'too-long', { limit: String(limit) });
    return value;
  };
  const decimal = (field: InvoiceField): string | null => {
    const value = textOf(row, field);
    const read = value === null ? null : readDecimal(value);
    if (read !== null && wireNumber(read) !== null) return read;
    at(field, value === null ? 'missing-value' : 'not-a-number');
    return null;
  };
  const itemName = itemText('item.name');
  if (itemName === null) at('item.name', 'missing-value');
  const amount = decimal('item.amount');
  if (amount !== null && Number(amount) === 0) at('item.amount', 'item-amount-zero');
  const vatRate = decimal('item.vatRate');
  if (vatRate !== null && !rates.includes(vatRate))
    at('item.vatRate', 'vat-rate', { day: taxDay, rates: rates.join(', ') });
  const total = decimal('item.totalPriceInclVat');
  const totalCents = total === null ? null : centsOf(total);
  if (total !== null && totalCents === null) at('item.totalPriceInclVat', 'amount-decimals');
  const measureUnit = itemText('item.measureUnit');
  const itemCode = itemText('item.itemCode');
  if (itemName !== null && amount !== null && vatRate !== null && totalCents !== null)
    return { name: itemName, amount, measureUnit, vatRate, totalCents, itemCode };
  return null;
}

/**
 * The invoice's total: the items' sum. The file's own total, when it has one, must be the same; a total of zero is no
 * invoice to record (items that cancel out, or priced at nothing): refused like a negative one. Both are checked only
 * when every row gave its item.
 */
function totalOf({ sheet, group, first, fields, problems, problem, text }: InvoiceReader, items: Item[]): bigint {
  const totalCents = items.reduce((sum, item) => sum + item.totalCents, 0n);
  if (fields.has('total')) {
    const stated = readDecimal(text('total')!);
    const statedCents = stated === null ? null : centsOf(stated);
    if (statedCents === null) problem('total', stated === null ? 'not-a-number' : 'amount-decimals');
    else if (items.length === group.rows.length && statedCents !== totalCents)
      problem('total', 'total-mismatch', { expected: moneyText(totalCents) });
  }
  if (items.length === group.rows.length && totalCents <= 0n)
    problems.push({
      code: totalCents < 0n ? 'total-negative' : 'total-zero',
      params: {
        row: String(first.row),
        column: sheet.headers.total ?? sheet.headers['item.totalPriceInclVat'] ?? 'item.totalPriceInclVat',
        value: moneyText(totalCents),
      },
    });
  return totalCents;
}

/** The items' sums per VAT rate, the highest rate first: base, VAT and total of each. */
function vatTotalsOf(items: Item[]) {
  const byRate = new Map<string, bigint>();
  for (const item of items) byRate.set(item.vatRate, (byRate.get(item.vatRate) ?? 0n) + item.totalCents);
  return [...byRate.entries()]
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([vatRate, cents]) => {
      const vat = vatInTotal(cents, vatRate);
      return { vatRate, base: moneyText(cents - vat), vat: moneyText(vat), total: moneyText(cents) };
    });
}

/** The invoice the service already has under this sequence and number, if any. */
function existingOf(
  context: InvoiceContext,
  sequences: SequenceIndex,
  { documentNumber, numberingSequence }: Numbering,
): { id: string } | null {
  const lookupSequence = numberingSequence;
  return documentNumber === ''
    ? null
    : (context.existing.get(`${lookupSequence}\u0000${documentNumber}`) ??
        // A record that names no sequence; or, with no sequence known for the row, a number no other sequence has.
        context.existing.get(`\u0000${documentNumber}`) ??
        (lookupSequence === '' ? (sequences.byNumber.get(documentNumber) ?? null) : null));
}

type Numbering = ReturnType<typeof numberingOf>;

/** Everything invoiceOf read of one invoice, for its display and its upload body. */
type InvoiceFacts = Numbering &
  ReturnType<typeof datesOf> &
  ReturnType<typeof currencyOf> &
  ReturnType<typeof symbolsOf> & { partner: ReturnType<typeof partnerOf>; items: Item[]; totalCents: bigint };

/** What the import's page shows of the invoice, whether it is ready or not. */
function displayOf(
  { sheet, group }: InvoiceReader,
  facts: InvoiceFacts,
  exists: { id: string } | null,
): InvoiceDisplay {
  const { documentNumber, numberingSequence, issueDate, dueDate, currency, exchangeRate, items, totalCents } = facts;
  const { name, registrationId, taxId, vatId, email, city } = facts.partner;
  return {
    rows: group.rows.map((row) => row.row),
    documentNumber,
    numberingSequence,
    issueDate,
    dueDate,
    currency,
    total: moneyText(totalCents),
    // Another currency: the rate as the file gives it (sent as is) and what the total makes in EUR at it.
    ...(currency !== 'EUR' && exchangeRate !== null && Number(exchangeRate) > 0
      ? { exchangeRate, totalEur: moneyText(eurCentsAt(totalCents, exchangeRate)) }
      : { exchangeRate: null, totalEur: null }),
    partner: { name, registrationId, taxId, vatId, email, city },
    items: items.map((item) => ({
      name: item.name,
      amount: item.amount,
      measureUnit: item.measureUnit,
      vatRate: item.vatRate,
      totalPriceInclVat: moneyText(item.totalCents),
    })),
    vatTotals: vatTotalsOf(items),
    exists: exists ? { id: exists.id } : null,
    source: group.rows.map((row) => ({
      row: row.row,
      cells: Object.fromEntries(sheet.columns.map((field) => [sheet.headers[field] ?? field, row.text[field] ?? ''])),
    })),
  };
}

const optional = <T>(key: string, value: T | null) => (value === null || value === '' ? {} : { [key]: value });

/** The upload body of a ready invoice (service-facts.md "Invoice upload body"): empty values left out. */
function payloadOf(facts: InvoiceFacts) {
  const { name, country, registrationId, taxId, vatId, email, street, city, postCode } = facts.partner;
  const address = {
    businessName: name,
    ...optional('street', street),
    ...optional('city', city),
    ...optional('postCode', postCode),
    ...optional('country', country === null ? null : country.length === 2 ? country.toUpperCase() : country),
  };
  return {
    ...optional('numberingSequence', facts.numberingSequence),
    documentNumber: facts.documentNumber,
    invoiceType: 0,
    ...optional('issueDate', facts.issueDate),
    ...optional('dueDate', facts.dueDate),
    ...optional('deliveryDate', facts.deliveryDate),
    currency: facts.currency,
    ...(facts.exchangeRate === null ? {} : { exchangeRate: wireNumber(facts.exchangeRate)! }),
    ...optional('variableSymbol', facts.variableSymbol),
    ...optional('orderNumber', facts.orderNumber),
    partner: {
      address,
      ...optional('registrationId', registrationId),
      ...optional('taxId', taxId),
      ...optional('vatId', vatId),
      ...optional('email', email),
    },
    items: facts.items.map((item) => ({
      name: item.name,
      amount: wireNumber(item.amount)!,
      ...optional('measureUnit', item.measureUnit),
      vatRate: wireNumber(item.vatRate)!,
      totalPriceInclVat: wireNumber(moneyText(item.totalCents))!,
      ...optional('itemCode', item.itemCode),
    })),
  };
}

/**
 * One invoice of the sheet, read step by step (each step adds its problems in the order the page lists them): its
 * numbering, dates, currency, symbols, partner, an item per row, the total. Ready with its upload body when nothing
 * was wrong, else invalid with every problem; either way its display, and the partner's facts for the warnings.
 */
function invoiceOf(sheet: InvoiceSheet, group: Group, context: InvoiceContext, sequences: SequenceIndex): Checked {
  const read = readerOf(sheet, group);
  const numbering = numberingOf(read, sequences);
  const dates = datesOf(read, context.today);
  const money = currencyOf(read);
  const symbols = symbolsOf(read);
  const partner = partnerOf(read);
  const rates = vatRatesOn(dates.taxDay);
  const items = group.rows.flatMap((row) => itemOf(read, row, rates, dates.taxDay) ?? []);
  const totalCents = totalOf(read, items);
  const facts: InvoiceFacts = { ...numbering, ...dates, ...money, ...symbols, partner, items, totalCents };
  const display = displayOf(read, facts, existingOf(context, sequences, numbering));

  const { name, registrationId, taxId, vatId, email } = partner;
  const partnerFacts = {
    name,
    registrationId,
    email: email?.toLowerCase() ?? null,
    person: registrationId === null && taxId === null && vatId === null && !read.fields.has('partner.registrationId'),
    row: read.first.row,
  };
  const problems = read.problems;
  if (problems.length > 0) {
    return {
      line: { state: 'invalid', externalId: null, payload: null, display, problems },
      partner: partnerFacts,
    };
  }

  const payload = payloadOf(facts);
  // The same content (its sequence, number and row group too) gives the same id in any later import of it.
  const externalId = `inv-${digestOf({ payload, rowGroup: numbering.rowGroup }).slice(0, 40)}`;
  return { line: { state: 'ready', externalId, payload, display, problems: [] }, partner: partnerFacts };
}

type SequenceIndex = {
  checked: boolean;
  list: string;
  byFolded: Map<string, string>;
  defaultSequence: string;
  /** Existing invoices by number alone, when the number is the only one of its kind (for rows without a sequence). */
  byNumber: Map<string, { id: string }>;
};

function sequenceIndexOf(context: InvoiceContext): SequenceIndex {
  const byNumber = new Map<string, { id: string }>();
  const seen = new Set<string>();
  for (const [key, value] of context.existing) {
    const number = key.slice(key.indexOf('\u0000') + 1);
    if (seen.has(number)) byNumber.delete(number);
    else byNumber.set(number, value);
    seen.add(number);
  }
  return {
    checked: context.numberingSequences.length > 0,
    list: context.numberingSequences.join(', '),
    byFolded: new Map(context.numberingSequences.map((code) => [code.toUpperCase(), code])),
    defaultSequence: context.defaultSequence ?? '',
    byNumber,
  };
}

const nameKey = (name: string) =>
  foldForSearch(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** An IČO as the mirror may hold it: spaces dropped, a Slovak one's lost leading zeros put back. */
const knownIcoOf = (registrationId: string | null): string | null => {
  const ico = registrationId?.replace(/\s+/g, '') || null;
  return ico !== null && ico.length < 8 && /^\d+$/.test(ico) ? ico.padStart(8, '0') : ico;
};

/**
 * Partners this file would make a second time (issue 31): a name whose invoices bring an IČO the company has under no
 * partner (so KROS makes a new partner of it) while the company already has that name with another IČO, or another
 * invoice of the file brings another; likewise a natural person (no IČO, DIČ nor IČ DPH) with an e-mail the company
 * has for no person of that name. The service matches legal entities by their ids and persons by name and e-mail, so
 * an invoice whose IČO (or whose person's name and e-mail) the company already has makes nothing new: it is never
 * warned about, whatever other partners of that name the company has. Each warning names the IČOs or e-mails of the
 * name (the company's too) and the rows that make a new partner.
 */
function partnerWarningsOf(checked: Checked[], known: readonly KnownPartner[]): PartnerWarning[] {
  type Seen = { name: string; rowsByValue: Map<string, number[]> };
  const entities = new Map<string, Seen>();
  const persons = new Map<string, Seen>();
  const note = (map: Map<string, Seen>, name: string, value: string, row: number) => {
    const key = nameKey(name);
    if (key === '') return;
    let seen = map.get(key);
    if (!seen) map.set(key, (seen = { name, rowsByValue: new Map() }));
    seen.rowsByValue.set(value, [...(seen.rowsByValue.get(value) ?? []), row]);
  };
  for (const { partner } of checked) {
    if (partner.name === null) continue;
    if (partner.registrationId !== null) note(entities, partner.name, partner.registrationId, partner.row);
    else if (partner.person && partner.email !== null) note(persons, partner.name, partner.email, partner.row);
  }

  // What the company has: every IČO (whatever the name: the service matches by the id), and each name's own.
  const knownIcos = new Set(known.map((partner) => knownIcoOf(partner.registrationId)).filter((ico) => ico !== null));
  const knownByName = { entities: new Map<string, Set<string>>(), persons: new Map<string, Set<string>>() };
  for (const partner of known) {
    const ico = knownIcoOf(partner.registrationId);
    const email = partner.email?.trim().toLowerCase() || null;
    const [map, value] = ico !== null ? [knownByName.entities, ico] : [knownByName.persons, email];
    if (value === null) continue;
    const key = nameKey(partner.name);
    map.set(key, (map.get(key) ?? new Set()).add(value));
  }

  const warnings = (
    map: Map<string, Seen>,
    knownValues: Map<string, Set<string>>,
    isKnown: (value: string, companyHas: Set<string>) => boolean,
    code: PartnerWarning['code'],
  ): PartnerWarning[] =>
    [...map.entries()].flatMap(([key, seen]) => {
      const companyHas = knownValues.get(key) ?? new Set<string>();
      const values = new Set([...companyHas, ...seen.rowsByValue.keys()]);
      const fresh = [...seen.rowsByValue.entries()].filter(([value]) => !isKnown(value, companyHas));
      if (fresh.length === 0 || values.size < 2) return [];
      return [
        {
          code,
          name: seen.name,
          values: [...values].sort(),
          rows: fresh.flatMap(([, rows]) => rows).sort((a, b) => a - b),
          known: companyHas.size > 0,
        },
      ];
    });
  return [
    ...warnings(entities, knownByName.entities, (ico) => knownIcos.has(ico), 'name-with-other-registration-id'),
    ...warnings(persons, knownByName.persons, (email, companyHas) => companyHas.has(email), 'person-with-other-email'),
  ].sort((a, b) => a.rows[0]! - b.rows[0]!);
}

/**
 * The sheet's invoices, each a line of an import (in the order of their first rows), and the partner warnings: all of
 * them, and each invoice's own in its display (`partnerWarnings`, so they stay with the stored lines).
 */
export function invoiceLinesOf(sheet: InvoiceSheet, context: InvoiceContext): InvoiceDraft {
  const sequences = sequenceIndexOf(context);
  const checked = groupsOf(sheet, sequences.defaultSequence).map((group) =>
    invoiceOf(sheet, group, context, sequences),
  );
  const partnerWarnings = partnerWarningsOf(checked, context.partners);
  return {
    lines: checked.map(({ line, partner }, index) => ({
      ...line,
      line: String(index + 1),
      display: { ...line.display, partnerWarnings: partnerWarnings.filter((w) => w.rows.includes(partner.row)) },
    })),
    partnerWarnings,
    ignoredColumns: sheet.ignoredColumns,
  };
}
