import 'server-only';

import { isObject } from '@/lib/base/is-object';

import type { RefusedField, ServiceRefusal } from './errors';
import { hasControlOrBidi } from './queries';

/**
 * What the service says when it refuses an upload. The interface names the bodies (ValidationResult for 400,
 * DuplicateRequestResult for 409) without their shapes; the service is ASP.NET, whose validation problem is
 * `{ title, status, errors: { "data[0].sumOfPayment": ["…"] } }`, and FluentValidation-style lists
 * (`[{ propertyName, errorMessage }]`) are read too. Read leniently and bounded: at most MAX_FIELDS fields of
 * MAX_MESSAGES messages of MAX_TEXT characters each, control and bidirectional characters removed. Never throws.
 */

/** Bytes of a refusal's body read at most: a validation result of 100 documents is far smaller. */
export const MAX_REFUSAL_BYTES = 256 * 1024;
const MAX_FIELDS = 300;
const MAX_MESSAGES = 5;
const MAX_TEXT = 500;

function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = [...value]
    .filter((char) => !hasControlOrBidi(char))
    .join('')
    .trim();
  return text === '' ? null : text.slice(0, MAX_TEXT);
}

function messagesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((item) => cleanText(isObject(item) ? (item.errorMessage ?? item.message) : item))
    .filter((text): text is string => text !== null)
    .slice(0, MAX_MESSAGES);
}

function fieldsOf(errors: unknown): RefusedField[] {
  if (isObject(errors)) {
    return Object.entries(errors).flatMap(([field, messages]) => {
      const name = cleanText(field) ?? '$';
      const texts = messagesOf(messages);
      return texts.length > 0 ? [{ field: name, messages: texts }] : [];
    });
  }
  if (Array.isArray(errors)) {
    return errors.flatMap((entry) => {
      if (!isObject(entry)) return [];
      const name = cleanText(entry.propertyName ?? entry.field ?? entry.name) ?? '$';
      const texts = messagesOf(entry);
      return texts.length > 0 ? [{ field: name, messages: texts }] : [];
    });
  }
  return [];
}

function requestIdsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((id) => cleanText(id)).filter((id): id is string => id !== null && id.length <= 100);
}

export function parseRefusal(text: string | null): ServiceRefusal {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const root = isObject(body) ? body : { errors: body };
  let fields = fieldsOf(root.errors ?? root.validationErrors);
  if (fields.length === 0) {
    // A refusal without a list of fields still says something about the whole request.
    const general = cleanText(root.detail) ?? cleanText(root.message) ?? cleanText(root.title);
    fields = general ? [{ field: '$', messages: [general] }] : [];
  }
  return { fields: fields.slice(0, MAX_FIELDS), requestIds: requestIdsOf(root.requestId ?? root.requestIds) };
}

/** Reads at most `limit` bytes of a body as text (the rest is cancelled): a refusal is never buffered unbounded. */
export async function readBounded(body: ReadableStream<Uint8Array> | null, limit = MAX_REFUSAL_BYTES) {
  if (!body) return null;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
