/**
 * How volumes, record changes and drift are written: in the environment (`SANDBOX_VOLUMES`, `SANDBOX_DRIFT`), in the
 * admin routes' JSON and in the home page's forms. Counts are written `invoices/expenses/deliveryNotes/payments/
 * catalogItems` or `changed/created/deleted`, any part may be left empty (and trailing ones left out).
 */
import { z } from 'zod';

import type { CompanyVolume } from '../data/company-data';
import { EVERY_COMPANY } from '../data/company-store';
import { MAX_CATALOG_ITEMS } from '../data/generate-catalog';
import { type ChangeSpec, type KindChanges, RECORD_KINDS } from './record-changes';

/** Beyond this a company no longer generates in a few seconds nor fits a developer's memory comfortably. */
export const MAX_VOLUME = 100_000;
/** Payments need invoices to pay (about 1.2 invoices each): this many keep a company within MAX_VOLUME's means. */
export const MAX_PAYMENTS = 50_000;
export { MAX_CATALOG_ITEMS };
/** Per kind and batch. */
export const MAX_CHANGES = 10_000;

const count = (max: number) => z.number().int().min(0).max(max);
const tenantId = z.union([z.string().regex(/^\d+$/), z.literal(EVERY_COMPANY), z.number().int()]).transform(String);

export const volumeSchema = z.object({
  invoices: count(MAX_VOLUME).nullish(),
  expenses: count(MAX_VOLUME).nullish(),
  deliveryNotes: count(MAX_VOLUME).nullish(),
  payments: count(MAX_PAYMENTS).nullish(),
  catalogItems: count(MAX_CATALOG_ITEMS).nullish(),
});

export const volumeRequestSchema = volumeSchema.extend({ tenantId });

const kindChangesSchema = z.object({
  changed: count(MAX_CHANGES).optional(),
  created: count(MAX_CHANGES).optional(),
  deleted: count(MAX_CHANGES).optional(),
});

export const changeSpecSchema = z.object({
  invoices: kindChangesSchema.optional(),
  expenses: kindChangesSchema.optional(),
  deliveryNotes: kindChangesSchema.optional(),
});

export const changeRequestSchema = changeSpecSchema.extend({ tenantId: tenantId.refine((id) => id !== EVERY_COMPANY) });

/** Seconds between ticks (fractions allowed, for tests); `null` stops the drift. */
export const driftRequestSchema = z.object({
  everySeconds: z.number().min(0.1).max(86_400).nullable(),
  changes: changeSpecSchema.optional(),
});

/** What drift does to each company in use per tick unless told otherwise: a few edits, one new, one deleted. */
export const DEFAULT_DRIFT_CHANGES: KindChanges = { changed: 3, created: 1, deleted: 1 };

export const sameForEveryKind = (changes: KindChanges): ChangeSpec =>
  Object.fromEntries(RECORD_KINDS.map((kind) => [kind, changes]));

export const withoutNulls = (volume: z.output<typeof volumeSchema>): CompanyVolume =>
  Object.fromEntries(Object.entries(volume).filter(([, value]) => value !== null && value !== undefined));

/** `a/b/c` with empty parts allowed (`20000/10000`, `//500`), each part at most its own maximum. */
function counts(text: string, maxima: readonly number[], what: string, shape: string): (number | undefined)[] {
  const parts = text.split('/');
  if (parts.length > maxima.length || !parts.every((part) => /^\d*$/.test(part.trim())))
    throw new Error(`${what}: expected up to ${maxima.length} counts ${shape}, got "${text}"`);
  return parts.map((part, index) => {
    if (part.trim() === '') return undefined;
    const value = Number(part);
    const max = maxima[index] as number;
    if (value > max) throw new Error(`${what}: ${value} is more than ${max}`);
    return value;
  });
}

const VOLUME_SHAPE = 'invoices/expenses/deliveryNotes/payments/catalogItems';

/**
 * SANDBOX_VOLUMES: entries `tenant:invoices/expenses/deliveryNotes/payments/catalogItems` separated by commas or
 * spaces, `*` for every company without an entry of its own, e.g. `10001:20000/10000/2000 *:5000` or, for money
 * and stock, `10001:///20000/5000` (20 000 payments and the invoices they pay, 5 000 catalog items).
 */
export function parseVolumes(text: string | undefined): Record<string, CompanyVolume> {
  const out: Record<string, CompanyVolume> = {};
  for (const entry of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const match = /^(\d+|\*):(.*)$/.exec(entry);
    if (!match) throw new Error(`SANDBOX_VOLUMES: expected tenant:${VOLUME_SHAPE}, got "${entry}"`);
    const maxima = [MAX_VOLUME, MAX_VOLUME, MAX_VOLUME, MAX_PAYMENTS, MAX_CATALOG_ITEMS];
    const [invoices, expenses, deliveryNotes, payments, catalogItems] = counts(
      match[2] ?? '',
      maxima,
      'SANDBOX_VOLUMES',
      VOLUME_SHAPE,
    );
    out[match[1] as string] = withoutNulls({ invoices, expenses, deliveryNotes, payments, catalogItems });
  }
  return out;
}

export interface DriftSettings {
  everySeconds: number;
  changes: ChangeSpec;
}

/** SANDBOX_DRIFT: `seconds` or `seconds:changed/created/deleted` (per kind, per company in use), e.g. `30:5/2/1`. */
export function parseDrift(text: string | undefined): DriftSettings | null {
  if (text === undefined || text.trim() === '' || text.trim() === '0') return null;
  const match = /^(\d+)(?::(.*))?$/.exec(text.trim());
  const everySeconds = Number(match?.[1]);
  if (!match || everySeconds < 1)
    throw new Error(`SANDBOX_DRIFT: expected seconds[:changed/created/deleted], got "${text}"`);
  if (match[2] === undefined) return { everySeconds, changes: sameForEveryKind(DEFAULT_DRIFT_CHANGES) };
  const [changed, created, deleted] = counts(
    match[2],
    [MAX_CHANGES, MAX_CHANGES, MAX_CHANGES],
    'SANDBOX_DRIFT',
    'changed/created/deleted',
  );
  return { everySeconds, changes: sameForEveryKind({ changed, created, deleted }) };
}
