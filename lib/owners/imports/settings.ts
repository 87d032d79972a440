import 'server-only';

import { MAX_BATCH_LINES } from '@/lib/base/imports/states';

/**
 * The sender's timings. The defaults follow the service: its duplicate window is 120 s, so a batch whose fate is
 * unknown is not sent again before 150 s have passed (a margin for the two clocks) and reading back has not found it;
 * tests shorten them.
 */
export type SenderSettings = {
  /** Lines per POST (the interface's limit: 100). */
  batchSize: number;
  /** The company's lease, renewed before each batch: well above one POST's longest wait (30 s) and its queue. */
  leaseSeconds: number;
  /** After an unknown outcome, not before this long after the POST left may reading back send a missing line again. */
  resendWindowSeconds: number;
  /** The first reading back of an accepted batch, when no notification confirmed it first. */
  firstCheckSeconds: number;
  /** Waits between the next readings of a batch with lines still unconfirmed (the last one repeats). */
  checkIntervalsSeconds: readonly number[];
  /** A line still unconfirmed this long after it left is no longer read back (it stays `sent`). */
  giveUpAfterSeconds: number;
  /** One run sends for at most this long, then hands over to the next job (its lease and its expiry stay short). */
  maxRunSeconds: number;
  /** A 429's retry-after up to this long is waited out in the run; a longer one becomes the next job's delay. */
  maxInlineWaitSeconds: number;
  /** After a batch of unknown fate, the rest of the queue waits this long (the service may be in trouble). */
  unknownRetrySeconds: number;
  /** After a connection refused before anything left, the next try. */
  unreachableRetrySeconds: number;
  /** Another sender holds the lease: a send asked for meanwhile tries again after this. */
  busyRetrySeconds: number;
  /** A reading back that failed (busy, unavailable) is tried again after this. */
  failedCheckSeconds: number;
  /** Without any working connection, checks wait this long. */
  disconnectedCheckSeconds: number;
};

export const DEFAULT_SENDER_SETTINGS: Readonly<SenderSettings> = Object.freeze({
  batchSize: MAX_BATCH_LINES,
  leaseSeconds: 120,
  resendWindowSeconds: 150,
  firstCheckSeconds: 10,
  checkIntervalsSeconds: [30, 120, 300, 900, 3_600],
  giveUpAfterSeconds: 24 * 3_600,
  maxRunSeconds: 120,
  maxInlineWaitSeconds: 20,
  unknownRetrySeconds: 30,
  unreachableRetrySeconds: 30,
  busyRetrySeconds: 5,
  failedCheckSeconds: 60,
  disconnectedCheckSeconds: 3_600,
});

export function senderSettings(overrides: Partial<SenderSettings> = {}): SenderSettings {
  const settings = { ...DEFAULT_SENDER_SETTINGS, ...overrides };
  settings.batchSize = Math.min(Math.max(1, Math.floor(settings.batchSize)), MAX_BATCH_LINES);
  return settings;
}
