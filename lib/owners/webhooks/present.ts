import type { DocumentKind } from '@/lib/base/document-kinds';
import { formatMoney } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import { isObject } from '@/lib/base/is-object';
import { amountOf } from '@/lib/base/money';
import { kindOfServiceCollection, serviceCollectionOf } from '@/lib/service/document-paths';
import { kindPath } from '@/lib/service/records/present';

import {
  type PaymentPayload,
  paymentPayloadSchema,
  type UploadPayload,
  uploadPayloadSchema,
  type WebhookKind,
  type WebhookNotification,
} from './payload-shape';

/**
 * Readings of stored notifications for the activity page. A stored payload is read again through its kind's schema:
 * rows outlive code, and one that no longer fits is shown as "other" rather than break the page.
 */

export function readStoredNotification(kind: WebhookKind, payload: unknown): WebhookNotification {
  if (kind === 'upload') {
    const upload = uploadPayloadSchema.safeParse(payload);
    if (upload.success) return { kind: 'upload', payload: upload.data };
  } else if (kind === 'payment') {
    const payment = paymentPayloadSchema.safeParse(payload);
    if (payment.success) return { kind: 'payment', payload: payment.data };
  }
  return { kind: 'other', payload: isObject(payload) ? payload : { value: payload } };
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
  if (isObject(problem)) {
    const { message, code } = problem;
    if (nonEmpty(message)) return clip(String(message).trim());
    if (nonEmpty(code)) return clip(String(code).trim());
  }
  return compactJson(problem);
}

type UploadedEntity = {
  documentNumber: string | null;
  externalId: string | null;
  variableSymbol: string | null;
  /** The document's id in the service (`id` or `documentId`). */
  id: string | null;
  problems: string[];
};

/** A field as text, or null when absent: the notifications' field types are partly a guess, so numbers pass too. */
export const textOf = (value: unknown): string | null => (nonEmpty(value) ? String(value) : null);

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

/** The kinds of document the service takes uploads of, whose results a notification reports. */
const uploadedKinds = ['invoices', 'deliveryNotes'] as const satisfies readonly DocumentKind[];
type UploadedKind = (typeof uploadedKinds)[number];

/** An upload result's `apiUrl` template: the service's path of one of them (`…/api/delivery-notes/{id}`). */
const uploadedTemplate = new RegExp(`/api/(${uploadedKinds.map(serviceCollectionOf).join('|')})/\\{id\\}`);

/** The kind of document an upload result's `apiUrl` template names, when it is one we show. */
export function uploadedKind(apiUrl: string | null | undefined): UploadedKind | null {
  const collection = uploadedTemplate.exec(apiUrl ?? '')?.[1];
  const kind = collection ? kindOfServiceCollection(collection) : null;
  return uploadedKinds.find((uploaded) => uploaded === kind) ?? null;
}

/**
 * Where the add-on shows a document a notification names: its own page when the notification gives its id and kind
 * (an upload result), else the invoices narrowed to its number (a payment names only the number, of an invoice it
 * pays). Null without either.
 */
export function documentPath(
  tenantId: string,
  { id, kind, documentNumber }: { id?: string | null; kind?: UploadedKind | null; documentNumber: string | null },
): string | null {
  if (id && kind) return kindPath(tenantId, kind, id);
  if (!documentNumber) return null;
  const number = new URLSearchParams({ DocumentNumberFrom: documentNumber, DocumentNumberTo: documentNumber });
  return `${kindPath(tenantId, 'invoices')}?${number.toString()}`;
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

/** A payment's amount: formatted money when it is a number (or text that is a plain number), else as it came. */
export function paymentAmount(data: NonNullable<PaymentPayload['data']>, locale: Locale): string | null {
  const sum = data.sumOfPayment;
  const currency = textOf(data.currency);
  const amount = typeof sum === 'number' ? sum : typeof sum === 'string' ? amountOf(sum) : null;
  if (amount !== null) return formatMoney(amount, currency, locale);
  const text = textOf(sum);
  return text ? [text, currency].filter(Boolean).join(' ') : null;
}
