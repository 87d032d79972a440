import { z } from 'zod';
import { expenseFilterDocumentTypes } from './schemas/expense';

/**
 * Query inputs of the list endpoints, named exactly as the interface names its query parameters (PascalCase), so a
 * page can keep a filter in its URL under the same names. The rules are the interface's: Top 0–100 (always sent),
 * Skip ≥ 0, dates yyyy-MM-dd with each From ≤ its To, the documented lengths and enums. Inputs may come straight from
 * a URL: blank values mean "not set" and numbers may arrive as strings.
 */

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const INT32_MAX = 2_147_483_647;

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected yyyy-MM-dd').refine(isCalendarDate, 'no such day');
const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,7})?$/, 'expected yyyy-MM-ddTHH:mm:ss[.ff]');
const boundedText = (max: number) => z.string().trim().min(1).max(max);

/** Longest numbering-sequence code the interface accepts in a filter (invoices and delivery notes; none given for expenses). */
export const SEQUENCE_CODE_MAX = 5;
const oneOf = <const T extends readonly string[]>(values: T) => z.enum(values);

export const paging = {
  Top: z.preprocess(blank, z.coerce.number().int().min(0).max(100).default(100)),
  Skip: optional(z.coerce.number().int().min(0).max(INT32_MAX)),
};

const date = optional(isoDate);
const money = optional(z.coerce.number().refine(Number.isFinite, 'not a number'));

/** ExtendedFields: a comma-separated list (or array) of allowed values, matched case-insensitively. */
function extendedFields<const T extends readonly string[]>(allowed: T) {
  const byLower = new Map(allowed.map((name) => [name.toLowerCase(), name]));
  return z.preprocess(
    (value) => {
      const list: unknown = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value;
      if (!Array.isArray(list)) return list;
      const items: readonly unknown[] = list;
      const names = items.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
      return names.length === 0 ? undefined : names.map((v) => (typeof v === 'string' ? (byLower.get(v.toLowerCase()) ?? v) : v));
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
    AccountId: optional(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
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

/** Report ids the interface names: 17 black and white, 19 colour, 101 editable. */
export const reportIds = [17, 19, 101] as const;
export type ReportId = (typeof reportIds)[number];
export const reportIdSchema = z.coerce.number().pipe(z.union(reportIds.map((id) => z.literal(id)) as [z.ZodLiteral<17>, z.ZodLiteral<19>, z.ZodLiteral<101>]));

/** Ids of invoices and delivery notes (int64; positive, and within what a JavaScript number holds exactly). */
export const int64IdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const uuidSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'expected a uuid');

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
