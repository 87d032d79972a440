import { z } from 'zod';

import { isPageBesideDocuments, kindOfSegment } from '@/lib/base/document-kinds';

/**
 * The one reading of an id that comes from outside (a page's or a file route's path, a caller of the client), by the
 * interface's types: invoices and delivery notes int64, expenses and attachments uuid, reports 17, 19 or 101.
 *
 * An int64 id is written in decimal digits only: no sign, no `+`, no exponent, no hex, no whitespace, no fraction,
 * and no leading zero, so one document has one address (`0x10`, `1e3`, ` 16` or `016` name nothing rather than
 * being read as 16 or 1000). It is kept as that text, so every value up to int64's maximum reaches the service as
 * written, beyond what a JavaScript number holds exactly. A number passed by our own code must be a safe integer.
 */

const INT64_MAX = 9_223_372_036_854_775_807n;
const canonicalPositive = /^[1-9][0-9]{0,18}$/;

const withinInt64 = (digits: string) => canonicalPositive.test(digits) && BigInt(digits) <= INT64_MAX;

/** A positive int64 id, from decimal digits (or a safe integer), as its canonical decimal text. */
export const int64IdSchema = z
  .union([z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).transform(String), z.string()])
  .pipe(z.string().refine(withinInt64, 'expected a positive int64 in decimal digits'));

export const uuidSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'expected a uuid');

/** Report ids the interface names: 17 black and white, 19 colour, 101 editable. */
export const reportIds = [17, 19, 101] as const;
export type ReportId = (typeof reportIds)[number];
// Compared as text: only "17", "19" and "101" are report ids ("017", "0x11" and "1.9e1" are not).
export const reportIdSchema = z
  .union([z.number(), z.string()])
  .refine((value) => reportIds.some((id) => String(id) === String(value)), 'expected 17, 19 or 101')
  .transform((value) => Number(value) as ReportId);

/** An int64 id from a path segment, or null when it cannot name a document. */
export function int64IdOf(value: unknown): string | null {
  const parsed = int64IdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A uuid from a path segment, or null when it cannot name a document. */
export function uuidOf(value: unknown): string | null {
  const parsed = uuidSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A report id from a path segment, or null when it is not one the interface names. */
export function reportIdOf(value: unknown): ReportId | null {
  const parsed = reportIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// The company's document pages: /companies/{tenantId}/{segment}/{id}, the segment one of a kind's
// (lib/base/document-kinds.ts): invoices and delivery notes have int64 ids, expenses uuids.
const documentPage = /^\/companies\/[^/]+\/([^/]+)\/([^/]+)\/?$/;

/**
 * True for the address of a document page whose id cannot name a document (a page of the kind's own beside its
 * documents, `/invoices/import`, is not one). Pages stream (their status is fixed
 * before they look at anything), so the proxy answers such an address 404 itself; the page shows the not-found view.
 */
export function isMalformedDocumentPage(pathname: string): boolean {
  const match = documentPage.exec(pathname);
  const kind = match ? kindOfSegment(match[1]!) : null;
  if (!match || !kind || isPageBesideDocuments(match[1]!, match[2]!)) return false;
  let id: string;
  try {
    id = decodeURIComponent(match[2]!);
  } catch {
    return true;
  }
  return kind === 'expenses' ? uuidOf(id) === null : int64IdOf(id) === null;
}
