import { z } from 'zod';

import { int64IdSchema } from './ids';
import { expenseFilterDocumentTypes } from './schemas/expense';

/**
 * Query inputs of the list endpoints, named exactly as the interface names its query parameters (PascalCase), so a
 * page can keep a filter in its URL under the same names. The rules are the interface's: Top 0–100 (always sent),
 * Skip ≥ 0, dates yyyy-MM-dd with each From ≤ its To, the documented lengths and enums. Inputs may come straight from
 * a URL: blank values mean "not set" and numbers may arrive as strings, written in plain digits. Texts carrying control or
 * bidirectional characters are refused.
 */

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const INT32_MAX = 2_147_483_647;

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected yyyy-MM-dd')
  .refine(isCalendarDate, 'no such day');
const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,7})?$/, 'expected yyyy-MM-ddTHH:mm:ss[.ff]');

// C0 and C1 controls (DEL included), the bidirectional marks, embeddings, overrides and isolates, and the BOM.
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/**
 * True when a text carries a character no filter value can mean: a control character, or one that reorders or hides
 * what a person reads (bidi controls, the BOM). Such a value is refused rather than sent on or silently trimmed.
 */
export const hasControlOrBidi = (text: string): boolean => CONTROL_OR_BIDI.test(text);

// Checked before trimming, which would quietly drop some of those characters (the BOM, line breaks) at the ends.
const boundedText = (max: number) =>
  z
    .string()
    .refine((text) => !hasControlOrBidi(text), 'control or bidirectional character')
    .trim()
    .min(1)
    .max(max);

/** A whole number written in digits only (no sign, exponent, hex, fraction or leading zero), or one from our code. */
const wholeNumber = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^(0|[1-9][0-9]*)$/, 'expected digits')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** An amount written as plain decimal digits with an optional sign and fraction (no exponent, hex or spaces). */
const decimal = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?[0-9]+(\.[0-9]+)?$/, 'expected a decimal number')
      .transform(Number),
  ])
  .pipe(z.number().refine(Number.isFinite, 'not a number'));

/** Longest numbering-sequence code the interface accepts in a filter (invoices and delivery notes; none given for expenses). */
export const SEQUENCE_CODE_MAX = 5;
const oneOf = <const T extends readonly string[]>(values: T) => z.enum(values);

export const paging = {
  Top: z.preprocess(blank, wholeNumber(0, 100).default(100)),
  Skip: optional(wholeNumber(0, INT32_MAX)),
};

const date = optional(isoDate);
const money = optional(decimal);

/** ExtendedFields: a comma-separated list (or array) of allowed values, matched case-insensitively. */
function extendedFields<const T extends readonly string[]>(allowed: T) {
  const byLower = new Map(allowed.map((name) => [name.toLowerCase(), name]));
  return z.preprocess(
    (value) => {
      const list: unknown = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value;
      if (!Array.isArray(list)) return list;
      const items: readonly unknown[] = list;
      const names = items.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
      return names.length === 0
        ? undefined
        : names.map((v) => (typeof v === 'string' ? (byLower.get(v.toLowerCase()) ?? v) : v));
    },
    z.array(z.enum(allowed)).optional(),
  );
}

type Range = readonly [from: string, to: string];

/** Each `From` must be lower than or equal to its `To` (dates compare as strings in yyyy-MM-dd). */
function withOrderedRanges<T extends z.ZodObject>(schema: T, ranges: readonly Range[]) {
  return schema.superRefine((value: Record<string, unknown>, ctx) => {
    for (const [from, to] of ranges) {
      const low = value[from];
      const high = value[to];
      if (low === undefined || high === undefined) continue;
      const reversed =
        typeof low === 'number' && typeof high === 'number'
          ? low > high
          : typeof low === 'string' && typeof high === 'string' && low > high;
      if (reversed) {
        ctx.addIssue({ code: 'custom', path: [to], message: `${from} must not be after ${to}` });
      }
    }
  });
}

export const invoiceExtendedFields = ['Items', 'VatBreakdowns', 'Payments', 'LinkedDocuments'] as const;

export const invoiceListQuery = withOrderedRanges(
  z.object({
    DeliveryDateFrom: date,
    DeliveryDateTo: date,
    OrderNumber: optional(boundedText(20)),
    IssueDateFrom: date,
    IssueDateTo: date,
    PaymentStatus: optional(oneOf(['0', '1'])),
    DueDateStatus: optional(oneOf(['1', '2'])),
    NumberingSequence: optional(boundedText(SEQUENCE_CODE_MAX)),
    DocumentNumberFrom: optional(boundedText(20)),
    DocumentNumberTo: optional(boundedText(20)),
    LastModifiedTimestamp: optional(timestamp),
    ExtendedFields: extendedFields(invoiceExtendedFields),
    ...paging,
  }),
  [
    ['DeliveryDateFrom', 'DeliveryDateTo'],
    ['IssueDateFrom', 'IssueDateTo'],
    // Compared as text, as the service compares document numbers (a range within one numbering sequence).
    ['DocumentNumberFrom', 'DocumentNumberTo'],
  ],
);

export const expenseListQuery = withOrderedRanges(
  z.object({
    DocumentType: optional(oneOf(expenseFilterDocumentTypes.map(String) as [string, ...string[]])),
    LastModifiedTimestamp: optional(timestamp),
    IssueDateFrom: date,
    IssueDateTo: date,
    DueDateFrom: date,
    DueDateTo: date,
    DeliveryDateFrom: date,
    DeliveryDateTo: date,
    ReceivedDateFrom: date,
    ReceivedDateTo: date,
    PaymentStatus: optional(oneOf(['0', '1'])),
    TotalPriceInclVatFrom: money,
    TotalPriceInclVatTo: money,
    // No length is given for expenses (5 on invoices and delivery notes); the bound only keeps input sane.
    NumberingSequence: optional(boundedText(100)),
    ...paging,
  }),
  [
    ['IssueDateFrom', 'IssueDateTo'],
    ['DueDateFrom', 'DueDateTo'],
    ['DeliveryDateFrom', 'DeliveryDateTo'],
    ['ReceivedDateFrom', 'ReceivedDateTo'],
    ['TotalPriceInclVatFrom', 'TotalPriceInclVatTo'],
  ],
);

export const deliveryNoteListQuery = withOrderedRanges(
  z.object({
    IssueDateFrom: date,
    IssueDateTo: date,
    ExtendedFields: extendedFields(['Items'] as const),
    NumberingSequence: optional(boundedText(SEQUENCE_CODE_MAX)),
    DocumentNumberFrom: optional(boundedText(20)),
    DocumentNumberTo: optional(boundedText(20)),
    LastModifiedTimestamp: optional(timestamp),
    ...paging,
  }),
  [
    ['IssueDateFrom', 'IssueDateTo'],
    ['DocumentNumberFrom', 'DocumentNumberTo'],
  ],
);

export const paymentListQuery = withOrderedRanges(
  z.object({
    PaymentDateFrom: date,
    PaymentDateTo: date,
    AccountId: optional(int64IdSchema),
    ExternalId: optional(boundedText(100)),
    Iban: optional(boundedText(34)),
    LastModifiedTimestamp: optional(timestamp),
    ...paging,
  }),
  [['PaymentDateFrom', 'PaymentDateTo']],
);

export const catalogItemListQuery = z.object({
  CatalogItemChangedTimestamp: optional(timestamp),
  ItemCode: optional(boundedText(100)),
  Name: optional(boundedText(200)),
  OnlyMarkedForEshop: optional(z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])),
  ...paging,
});

export type InvoiceListQuery = z.input<typeof invoiceListQuery>;
export type ExpenseListQuery = z.input<typeof expenseListQuery>;
export type DeliveryNoteListQuery = z.input<typeof deliveryNoteListQuery>;
export type PaymentListQuery = z.input<typeof paymentListQuery>;
export type CatalogItemListQuery = z.input<typeof catalogItemListQuery>;

/** A parsed query's value: what the query schemas produce. */
export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/** Serializes a parsed query: every set value under its interface name; `Top` is always present. */
export function toSearchParams(query: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}
