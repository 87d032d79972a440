import 'server-only';

import { driverErrorOf } from '@/lib/platform/db-errors';

/**
 * What the database takes of text that came from outside (the service's records, notifications, names): PostgreSQL
 * and PGlite refuse U+0000 in text (22021) and in jsonb (22P05), and a lone surrogate in jsonb (22P02), so one such
 * character would fail every write of what holds it. Such characters become U+FFFD, the character Unicode keeps for
 * what cannot be represented (String.prototype.toWellFormed does the same to lone surrogates); nothing else changes.
 */

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const HAS_UNSTORABLE = new RegExp(UNSTORABLE.source);

/** The text with each NUL and lone surrogate replaced by U+FFFD (the same string when it has none). */
export function storableText(text: string): string {
  return HAS_UNSTORABLE.test(text) ? text.replace(UNSTORABLE, '\uFFFD') : text;
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * A copy of a value the database stores as given: every string in it (object keys too, at any depth of arrays and
 * plain objects) made storable. Parts without such a character are returned as they are, not copied; numbers,
 * booleans, null and other objects (a Date) pass unchanged. What comes from outside is written through this: the
 * mirror's records (lib/owners/mirror/document-row.ts) and reference lists, notifications, company names.
 */
export function storable<T>(value: T): T {
  return storableValue(value) as T;
}

function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) {
    const items = value.map(storableValue);
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof value === 'object' && value !== null && isPlainObject(value)) {
    let changed = false;
    const entries = Object.entries(value).map(([key, inner]) => {
      const entry = [storableText(key), storableValue(inner)] as const;
      changed ||= entry[0] !== key || entry[1] !== inner;
      return entry;
    });
    return changed ? Object.fromEntries(entries) : value;
  }
  return value;
}

/**
 * Whether a write failed for what one record holds rather than for the database: a data exception (SQLSTATE class
 * 22: text, a number or a day it cannot take) or a value past a limit (class 54). Such a record is skipped and
 * logged; anything else fails its caller as before.
 */
export function isRecordRefusal(error: unknown): boolean {
  const code = driverErrorOf(error)?.code;
  return code !== undefined && /^(22|54)[0-9A-Z]{3}$/.test(code);
}
