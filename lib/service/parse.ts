import 'server-only';

import { z } from 'zod';

import { isObject } from '@/lib/base/is-object';

import { DataApiError } from './errors';
import { rememberAnswered } from './schemas/as-answered';

/**
 * Reading the service's answers. Lists come in the envelope `{ "data": [...] }`; a single record comes at the top
 * level or under `data` (integrations report both); anything else is a typed error, never a crash.
 */

function json(text: string | null, endpoint: string): unknown {
  if (text === null || text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new DataApiError('malformed-response', { endpoint });
  }
}

function parsed<T extends z.ZodType>(schema: T, value: unknown, endpoint: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new DataApiError('malformed-response', { endpoint });
  rememberAnswered(result.data, value);
  return result.data;
}

export function parseList<T extends z.ZodType>(schema: T, text: string | null, endpoint: string): z.output<T>[] {
  const body = json(text, endpoint);
  const list = isObject(body) ? body.data : body;
  return parsed(z.array(schema), list, endpoint);
}

export function parseRecord<T extends z.ZodType>(schema: T, text: string | null, endpoint: string): z.output<T> {
  const body = json(text, endpoint);
  // `{ data: {...} }` unless the object is itself the record (it then has fields of its own beside any `data`).
  const record = isObject(body) && isObject(body.data) && Object.keys(body).length === 1 ? body.data : body;
  return parsed(schema, record, endpoint);
}

/** Validates a caller's input before anything is sent; the error names the offending fields, never their values. */
export function validInput<T extends z.ZodType>(schema: T, value: unknown, endpoint: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((issue) => issue.path.map(String).join('.') || '(input)'))];
  throw new DataApiError('invalid-input', { endpoint, fields });
}
