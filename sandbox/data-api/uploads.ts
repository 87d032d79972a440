import { randomUUID } from 'node:crypto';

import type { z } from 'zod';

import { isJson, parseJson, readBody, sendJson } from '../http/io';
import { duplicateKey } from './duplicates';
import { sendProblem, sendValidationProblem } from './problems';
import { collectErrors, type ValidationErrors } from './query';
import type { DataApiContext } from './types';

/** The interface's batch limit for invoices, delivery notes, received orders and payments. */
export const MAX_BATCH = 100;
/** Far above what 100 documents need, far below what could hurt the sandbox. */
const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

export type Envelope = 'single' | 'batch' | 'single-or-bare';

export interface Upload<T> {
  items: T[];
  body: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads `{ "data": {…} }` (single) or `{ "data": [ … ] }` (batch, 1 to 100 documents) and checks each document
 * against the schema. On any problem the 400 (or 415) is sent here and undefined returned.
 */
export async function readUpload<S extends z.ZodType>(
  ctx: DataApiContext,
  schema: S,
  envelope: Envelope,
): Promise<Upload<z.output<S>> | undefined> {
  // ASP.NET refuses a body it cannot bind before looking at it; a client that forgets the header learns it here.
  if (!isJson(ctx.req)) {
    await readBody(ctx.req, MAX_UPLOAD_BYTES);
    sendProblem(ctx.res, 415, 'Unsupported Media Type', { detail: 'Send the body as application/json.' });
    return undefined;
  }
  const body = await readBody(ctx.req, MAX_UPLOAD_BYTES);
  const root = parseJson(body);
  if (root === undefined) return void sendValidationProblem(ctx.res, { $: ['The JSON value could not be parsed.'] });

  let documents: unknown[];
  if (envelope === 'batch') {
    const data = isObject(root) ? root.data : undefined;
    if (!Array.isArray(data))
      return void sendValidationProblem(ctx.res, { data: ['Expected { "data": [ …documents… ] }.'] });
    if (data.length === 0) return void sendValidationProblem(ctx.res, { data: ['At least one document is required.'] });
    if (data.length > MAX_BATCH) {
      return void sendValidationProblem(ctx.res, {
        data: [`At most ${MAX_BATCH} documents per request; got ${data.length}.`],
      });
    }
    documents = data;
  } else {
    const data = isObject(root) ? root.data : undefined;
    // The cash-account endpoint also takes the object bare: its body shape is not documented anywhere.
    const single = isObject(data)
      ? data
      : envelope === 'single-or-bare' && isObject(root) && !('data' in root)
        ? root
        : undefined;
    if (!single) return void sendValidationProblem(ctx.res, { data: ['Expected { "data": { …document… } }.'] });
    documents = [single];
  }

  const errors: ValidationErrors = {};
  const items: z.output<S>[] = [];
  documents.forEach((document, i) => {
    const result = schema.safeParse(document);
    if (result.success) items.push(result.data);
    else Object.assign(errors, collectErrors(result.error, envelope === 'batch' ? `data[${i}]` : 'data'));
  });
  if (Object.keys(errors).length > 0) return void sendValidationProblem(ctx.res, errors);
  return { items, body };
}

/**
 * The 120-second duplicate rule: answers 409 with the earlier request's ids and returns false, or returns true and
 * registers this request. Call it only for a request that passed validation (a refused one was never processed).
 */
export function claimRequest(ctx: DataApiContext, body: string): { requestIds: string[] } | undefined {
  const key = duplicateKey(ctx.tokenFingerprint, ctx.url.pathname, body);
  const now = ctx.services.now();
  const earlier = ctx.services.duplicates.find(key, now);
  if (earlier) {
    sendProblem(ctx.res, 409, 'Duplicate request', {
      detail: 'An identical request was received less than 120 seconds ago; it was not processed again.',
      requestId: earlier,
    });
    return undefined;
  }
  const requestIds = [randomUUID()];
  ctx.services.duplicates.remember(key, requestIds, now);
  return { requestIds };
}

/** 202 Accepted: received, not yet processed; the result would follow by webhook. */
export function sendAccepted(ctx: DataApiContext, requestIds: string[]): void {
  sendJson(ctx.res, 202, { requestId: requestIds });
}
