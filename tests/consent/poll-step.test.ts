import { describe, expect, it } from 'vitest';

import {
  decidePoll,
  PENDING_INTERVAL_MS,
  pendingIntervalMs,
  POLL_LIMIT_MS,
  type PollStep,
  UNREACHABLE_INTERVAL_MS,
} from '@/lib/owners/consent/poll-step';
import type { ConsentCompany } from '@/lib/service/schemas/consent';
import type { PollAnswer, PollStatus } from '@/lib/service/subscription-poll';

/**
 * The poll state machine (interface: "Subscription poll status") under a fake clock: the clock is a number that only
 * the test moves, and a scripted service answers each poll by the time it is made.
 */

const company: ConsentCompany = {
  tenantId: '10001',
  companyName: 'Firma',
  token: 'token-of-10001',
  webhookSecret: 'c2VjcmV0',
};
const status = (value: PollStatus, companies: ConsentCompany[] = []): PollAnswer => ({
  kind: 'status',
  status: value,
  companies,
});
const START = Date.UTC(2025, 0, 1, 8, 0, 0);
const at = (offsetMs: number) => ({ nowMs: START + offsetMs, startedAtMs: START });

/** Polls as the page would (each poll at the time the previous step set), until a step other than poll-again. */
function run(service: (elapsedMs: number) => PollAnswer): { step: PollStep; polls: number; elapsedMs: number } {
  let elapsedMs = 0;
  for (let polls = 1; polls < 10_000; polls++) {
    const step = decidePoll(service(elapsedMs), at(elapsedMs));
    if (step.kind !== 'poll-again') return { step, polls, elapsedMs };
    expect(step.atMs).toBeGreaterThan(START + elapsedMs);
    elapsedMs = step.atMs - START;
  }
  throw new Error('never stopped');
}

describe('the subscription poll status table', () => {
  it('Pending → Pending: the user has not approved yet, so it polls again, less often as the attempt ages', () => {
    expect(decidePoll(status('Pending'), at(0))).toEqual({ kind: 'poll-again', atMs: START + PENDING_INTERVAL_MS });
    expect(decidePoll(status('Pending'), at(60_000))).toEqual({
      kind: 'poll-again',
      atMs: START + 60_000 + PENDING_INTERVAL_MS,
    });
    expect(decidePoll(status('Pending'), at(120_000))).toEqual({ kind: 'poll-again', atMs: START + 120_000 + 6_000 });
    expect(decidePoll(status('Pending'), at(600_000))).toEqual({ kind: 'poll-again', atMs: START + 600_000 + 20_000 });
    expect([0, 89_999, 90_000, 299_999, 300_000].map(pendingIntervalMs)).toEqual([3_000, 3_000, 6_000, 6_000, 20_000]);
  });

  it('Pending → Pending: a user who declines leaves it Pending, so it polls until our 15-minute limit and fails', () => {
    const { step, polls, elapsedMs } = run(() => status('Pending'));
    expect(step).toEqual({ kind: 'stop', status: 'failed', reason: 'time-limit' });
    expect(elapsedMs).toBe(POLL_LIMIT_MS);
    // 30 polls every 3 s, 35 every 6 s, 31 every 20 s: under the sandbox's poll limit (120), which turns a state Denied.
    expect(polls).toBe(96);
  });

  it('Pending → Approved: the companies are stored and polling stops', () => {
    const { step, polls, elapsedMs } = run((elapsed) =>
      elapsed < 30_000 ? status('Pending') : status('Approved', [company]),
    );
    expect(step).toEqual({ kind: 'store', companies: [company] });
    expect(elapsedMs).toBe(30_000);
    expect(polls).toBe(30_000 / PENDING_INTERVAL_MS + 1);
  });

  it('Approved is stored even when it arrives at the very end of our window (the service still had it)', () => {
    expect(decidePoll(status('Approved', [company]), at(POLL_LIMIT_MS + 5_000))).toEqual({
      kind: 'store',
      companies: [company],
    });
  });

  it('Approved → Expired: tokens not fetched in time; it stops as expired (start again with a new state)', () => {
    expect(decidePoll(status('Expired'), at(10_000))).toEqual({ kind: 'stop', status: 'expired', reason: 'expired' });
    const { step } = run((elapsed) => (elapsed < 8_000 ? status('Pending') : status('Expired')));
    expect(step).toEqual({ kind: 'stop', status: 'expired', reason: 'expired' });
  });

  it('Pending → Denied: the poll limit at the service; terminal, it stops as denied', () => {
    expect(decidePoll(status('Denied'), at(4_000))).toEqual({ kind: 'stop', status: 'denied', reason: 'denied' });
  });
});

describe('answers outside the table', () => {
  it('429 waits for its retry-after before the next poll', () => {
    expect(decidePoll({ kind: 'rate-limited', retryAfterMs: 7_000 }, at(1_000))).toEqual({
      kind: 'poll-again',
      atMs: START + 8_000,
    });
    // Never sooner than a second, whatever the answer said.
    expect(decidePoll({ kind: 'rate-limited', retryAfterMs: 0 }, at(0))).toEqual({
      kind: 'poll-again',
      atMs: START + 1_000,
    });
  });

  it('a run of 429s and Pending keeps to every retry-after, then stores the approval', () => {
    const script: PollAnswer[] = [
      status('Pending'),
      { kind: 'rate-limited', retryAfterMs: 10_000 },
      status('Pending'),
      status('Approved', [company]),
    ];
    const times: number[] = [];
    const { step } = run((elapsed) => {
      times.push(elapsed);
      return script[times.length - 1]!;
    });
    expect(step.kind).toBe('store');
    expect(times).toEqual([0, PENDING_INTERVAL_MS, PENDING_INTERVAL_MS + 10_000, 2 * PENDING_INTERVAL_MS + 10_000]);
  });

  it('400 (the service does not take the state) fails at once', () => {
    expect(decidePoll({ kind: 'refused' }, at(2_000))).toEqual({ kind: 'stop', status: 'failed', reason: 'refused' });
  });

  it('no usable answer polls again after the longer interval', () => {
    expect(decidePoll({ kind: 'unreachable', reason: 'timeout' }, at(0))).toEqual({
      kind: 'poll-again',
      atMs: START + UNREACHABLE_INTERVAL_MS,
    });
    const { step, elapsedMs } = run(() => ({ kind: 'unreachable', reason: 'status' }));
    expect(step).toEqual({ kind: 'stop', status: 'failed', reason: 'time-limit' });
    expect(elapsedMs).toBeGreaterThan(POLL_LIMIT_MS - UNREACHABLE_INTERVAL_MS);
  });

  it('our 15-minute limit: a poll that would fall beyond it is not scheduled, and the attempt fails', () => {
    const late = pendingIntervalMs(POLL_LIMIT_MS);
    expect(decidePoll(status('Pending'), at(POLL_LIMIT_MS - late))).toEqual({
      kind: 'poll-again',
      atMs: START + POLL_LIMIT_MS,
    });
    expect(decidePoll(status('Pending'), at(POLL_LIMIT_MS - late + 1)).kind).toBe('stop');
    expect(decidePoll({ kind: 'rate-limited', retryAfterMs: 60_000 }, at(POLL_LIMIT_MS - 30_000))).toEqual({
      kind: 'stop',
      status: 'failed',
      reason: 'time-limit',
    });
  });
});
