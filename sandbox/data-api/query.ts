/**
 * Query and path parameters, parsed the way the service's ASP.NET model binding does: names case-insensitive,
 * empty values treated as absent, and every problem collected into one 400 (`errors` keyed by the parameter name).
 */
import { z } from 'zod';

import { dayOf, isoDay, parseTimestamp } from '../data/calendar';

export type ValidationErrors = Record<string, string[]>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: ValidationErrors };

type Check<T> = (raw: string) => { value: T } | { error: string };

const notValid = (raw: string) => ({ error: `The value '${raw}' is not valid for {name}.` });

/** One optional query parameter with its own check; `{name}` in a message becomes the parameter's name. */
export function param<T>(check: Check<T>) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined => {
      if (raw === undefined) return undefined;
      const result = check(raw);
      if ('error' in result) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.value;
    });
}

function integerCheck(min: number, max: number): Check<number> {
  return (raw) => {
    if (!/^[+-]?\d{1,12}$/.test(raw.trim())) return notValid(raw);
    const value = Number(raw);
    return value < min || value > max ? { error: `The field {name} must be between ${min} and ${max}.` } : { value };
  };
}

const INT32_MAX = 2_147_483_647;
export const top = () => param(integerCheck(0, 100)).transform((v) => v ?? 100);
export const skip = () => param(integerCheck(0, INT32_MAX)).transform((v) => v ?? 0);

export const text = (maxLength?: number) =>
  param<string>((raw) =>
    maxLength !== undefined && raw.length > maxLength
      ? { error: `The field {name} must be a string with a maximum length of ${maxLength}.` }
      : { value: raw },
  );

/** `yyyy-MM-dd`, or a full ISO date-time of which only the date counts; answers `yyyy-MM-dd`. */
export const date = () =>
  param<string>((raw) => {
    const ms = /^\d{4}-\d{2}-\d{2}/.test(raw) ? parseTimestamp(raw) : undefined;
    return ms === undefined ? notValid(raw) : { value: raw.includes('T') ? isoDay(dayOf(ms)) : raw.slice(0, 10) };
  });

/** LastModifiedTimestamp and the like: answers epoch milliseconds (zone-less read as UTC). */
export const timestamp = () =>
  param<number>((raw) => {
    const ms = /^\d{4}-\d{2}-\d{2}/.test(raw) ? parseTimestamp(raw) : undefined;
    return ms === undefined ? notValid(raw) : { value: ms };
  });

export const decimal = () =>
  param<number>((raw) =>
    /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(raw.trim()) ? { value: Number(raw) } : notValid(raw),
  );

export const boolean = () =>
  param<boolean>((raw) =>
    /^(true|false)$/i.test(raw.trim()) ? { value: raw.trim().toLowerCase() === 'true' } : notValid(raw),
  );

/** One value of a fixed set (numbers written as strings, e.g. PaymentStatus 0 or 1). */
export const oneOf = <T extends string>(values: readonly T[]) =>
  param<T>((raw) => (values.includes(raw.trim() as T) ? { value: raw.trim() as T } : notValid(raw)));

/** Comma-separated flags, matched case-insensitively; answers the canonical spellings. */
export const flags = <T extends string>(allowed: readonly T[]) =>
  param<Set<T>>((raw) => {
    const out = new Set<T>();
    for (const part of raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const match = allowed.find((name) => name.toLowerCase() === part.toLowerCase());
      if (!match) return notValid(part);
      out.add(match);
    }
    return { value: out };
  }).transform((v) => v ?? new Set<T>());

/** Adds "From must not be after To" for each pair whose both ends are set. */
export function ordered<T extends Record<string, unknown>>(
  pairs: readonly (readonly [keyof T & string, keyof T & string])[],
) {
  return (value: T, ctx: z.core.$RefinementCtx<T>) => {
    for (const [from, to] of pairs) {
      const a = value[from];
      const b = value[to];
      if (a !== undefined && b !== undefined && (a as number | string) > (b as number | string)) {
        ctx.addIssue({ code: 'custom', path: [from], message: `${from} must be lower than or equal to ${to}.` });
      }
    }
  };
}

/**
 * Reads the schema's parameters from the URL. Names match case-insensitively (.NET binding); repeated parameters are
 * joined with commas, which is how the service reads ExtendedFields given twice.
 */
export function parseQuery<S extends z.ZodObject>(url: URL, schema: S): Parsed<z.output<S>> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const values = [...url.searchParams.entries()]
      .filter(([name, value]) => name.toLowerCase() === key.toLowerCase() && value !== '')
      .map(([, value]) => value);
    if (values.length > 0) raw[key] = values.join(',');
  }
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: collectErrors(result.error) };
}

/** Zod issues as ASP.NET names them: `Top`, `data[3].partner.address`; `prefix` places them inside a body. */
export function collectErrors(error: z.ZodError, prefix = ''): ValidationErrors {
  const errors: ValidationErrors = {};
  for (const issue of error.issues) {
    let key = prefix;
    for (const part of issue.path)
      key = typeof part === 'number' ? `${key}[${part}]` : key ? `${key}.${String(part)}` : String(part);
    const name = key || '$';
    (errors[name] ??= []).push(issue.message.replaceAll('{name}', name));
  }
  return errors;
}

const INT64 = /^-?\d{1,19}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id of type int64; values beyond JavaScript's safe integers cannot name a sandbox record, so they are 400. */
export function int64(raw: string): number | undefined {
  if (!INT64.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : undefined;
}

export function uuid(raw: string): string | undefined {
  return UUID.test(raw) ? raw.toLowerCase() : undefined;
}

export function page<T>(items: readonly T[], topValue: number, skipValue: number): T[] {
  return items.slice(skipValue, skipValue + topValue);
}
