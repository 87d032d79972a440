import 'server-only';

import { sha256Hex } from '@/lib/platform/crypto/digest';
import type { DataApiClient } from '@/lib/service/client';
import { DataApiError, surelyNotSent } from '@/lib/service/errors';

import type { ClaimedBatch } from './batches';
import { kindDefinition } from './kinds';
import type { PostOutcome } from './outcomes';

/**
 * One POST of a batch and what its answer means (./outcomes.ts). The rules are the never-twice rules of
 * docs/imports.md: only an answer that proves the request was not processed lets its lines be sent again.
 */

/** The request's body as the client will send it (`{ data: [...] }`), for its digest. */
export function bodyOf(batch: ClaimedBatch): { data: Record<string, unknown>[] } {
  return { data: batch.lines.map((line) => line.payload) };
}

export const bodyDigest = (batch: ClaimedBatch) => sha256Hex(JSON.stringify(bodyOf(batch)));

/** What a failed POST means for its batch, and for one not sent, how long the service asked to wait (if it did). */
export function outcomeOfFailure(error: unknown): { outcome: PostOutcome; retryAfterSeconds?: number } {
  if (!(error instanceof DataApiError)) return { outcome: { kind: 'unknown', status: null } };
  const status = error.status ?? null;
  switch (error.kind) {
    case 'duplicate':
      return { outcome: { kind: 'conflict', requestIds: error.details.refusal?.requestIds ?? [] } };
    case 'rejected':
      return { outcome: { kind: 'refused', refusal: error.details.refusal ?? { fields: [], requestIds: [] } } };
    case 'invalid-input':
      return { outcome: { kind: 'invalid', fields: error.details.fields ?? [] } };
    case 'not-connected':
    case 'unauthorized':
      return { outcome: { kind: 'stopped', status, reason: 'disconnected' } };
    case 'payment-required':
      return { outcome: { kind: 'stopped', status, reason: 'payment-required' } };
    case 'forbidden':
      return { outcome: { kind: 'stopped', status, reason: 'forbidden' } };
    // The service answered 2xx: it took the batch, though its answer could not be read.
    case 'malformed-response':
      return { outcome: { kind: 'accepted', status: 202, requestIds: [] } };
    default:
      if (surelyNotSent(error)) {
        // A 429 or an empty budget says how long to wait; a refused connection does not.
        return { outcome: { kind: 'not-sent', status }, retryAfterSeconds: error.retryAfterSeconds };
      }
      // A timeout, a reset, 408, 5xx, 404 or another status: it may have been processed.
      return { outcome: { kind: 'unknown', status } };
  }
}

/** Sends the batch through the kind's upload method and says what became of it. */
export async function postBatch(
  client: DataApiClient,
  batch: ClaimedBatch,
): Promise<{ outcome: PostOutcome; retryAfterSeconds?: number }> {
  const { data } = bodyOf(batch);
  try {
    const accepted = await kindDefinition(batch.kind).upload(client, data);
    return { outcome: { kind: 'accepted', status: 202, requestIds: accepted.requestIds } };
  } catch (error) {
    return outcomeOfFailure(error);
  }
}
