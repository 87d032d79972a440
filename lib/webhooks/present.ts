import {
  classifyWebhookPayload,
  paymentEventOf,
  paymentPayloadSchema,
  uploadPayloadSchema,
  type UploadPayload,
  type WebhookNotification,
} from './payload';

/**
 * Readings of stored notifications for the activity page. A stored payload is read again through its kind's schema:
 * rows outlive code, and one that no longer fits is shown as "other" rather than break the page.
 */

export function readStoredNotification(kind: string, payload: unknown): WebhookNotification {
  if (kind === 'upload') {
    const upload = uploadPayloadSchema.safeParse(payload);
    if (upload.success) return { kind: 'upload', payload: upload.data };
  } else if (kind === 'payment') {
    const payment = paymentPayloadSchema.safeParse(payload);
    if (payment.success) return { kind: 'payment', payload: payment.data };
  } else {
    const classified = classifyWebhookPayload(payload);
    if (classified.ok && classified.kind === 'other') return classified;
  }
  const object = typeof payload === 'object' && payload !== null && !Array.isArray(payload);
  return { kind: 'other', payload: object ? (payload as Record<string, unknown>) : { value: payload } };
}

const MAX_TEXT = 300;

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** Compact JSON of a value the page cannot otherwise read, cut to a readable length. */
export function compactJson(value: unknown): string {
  try {
    return clip(JSON.stringify(value) ?? String(value));
  } catch {
    return '—';
  }
}

const nonEmpty = (value: unknown): value is string | number =>
  (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value));

/**
 * One problem of an uploaded document, as text. Its shape is not described: its `message` when it has one, else its
 * `code`, else the problem itself (a string), else compact JSON. Shown as text, which React escapes.
 */
export function problemText(problem: unknown): string {
  if (nonEmpty(problem)) return clip(String(problem).trim());
  if (typeof problem === 'object' && problem !== null && !Array.isArray(problem)) {
    const { message, code } = problem as { message?: unknown; code?: unknown };
    if (nonEmpty(message)) return clip(String(message).trim());
    if (nonEmpty(code)) return clip(String(code).trim());
  }
  return compactJson(problem);
}

export type UploadedEntity = {
  documentNumber: string | null;
  externalId: string | null;
  variableSymbol: string | null;
  /** The document's id in the service (`id` or `documentId`). */
  id: string | null;
  problems: string[];
};

const textOf = (value: unknown): string | null => (nonEmpty(value) ? String(value) : null);

/** The documents an upload result reports on, each with its problems as text. */
export function uploadedEntities(payload: UploadPayload): UploadedEntity[] {
  return (payload.results?.entities ?? []).map((entity) => ({
    documentNumber: textOf(entity.data?.documentNumber),
    externalId: textOf(entity.data?.externalId),
    variableSymbol: textOf(entity.data?.variableSymbol),
    id: textOf(entity.data?.id) ?? textOf(entity.data?.documentId),
    problems: (entity.problems ?? []).map(problemText),
  }));
}

/** A payment notification's kind, for its label: a financial transaction, a document payment, or not known. */
export function paymentKindOf(eventType: string): 'financialTransaction' | 'documentPayment' | 'unknown' {
  return paymentEventOf(eventType) ?? 'unknown';
}

/** What an unknown notification calls itself, if anything: `eventType`, `type` or `event`. */
export function otherEventName(payload: Record<string, unknown>): string | null {
  for (const field of ['eventType', 'type', 'event']) {
    const value = textOf(payload[field]);
    if (value) return clip(value);
  }
  return null;
}

/** A payload's requestId when it has a usable one. */
export function requestIdOf(payload: Record<string, unknown>): string | null {
  const value = textOf(payload.requestId);
  return value ? clip(value) : null;
}

/** A payment field as text, or null when absent: the fields' types are a guess, so numbers and text both pass. */
export const paymentFieldText = textOf;
