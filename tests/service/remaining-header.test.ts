import { describe, expect, it } from 'vitest';

import { createDataApiClient } from '@/lib/service/client';
import { createMemoryBudget } from '@/lib/service/rate/memory-budget';
import { ARRIVAL_MARGIN_MS, serviceRules } from '@/lib/service/rate/slots';
import { createTransport } from '@/lib/service/transport';

import { createRateLimiter } from '../../sandbox/data-api/rate-limit';
import { fakeClock, json } from './fake-service';

/**
 * The client against the sandbox's own rate limiter (the faithful stand-in of the service's counting and of its
 * x-rate-limit-* headers), on a fake clock: no real time passes, so the send times are exact. The clock starts at
 * the real time, because the headers' reset is the service's wall-clock time in whole seconds.
 */
function clientAgainstLimiter(answer?: (limited: Response, n: number) => Response) {
  const clock = fakeClock(Date.now());
  const limiter = createRateLimiter({ now: clock.now });
  const sent: { at: number; status: number }[] = [];
  const fetchImpl = (async () => {
    const decision = limiter.take('token');
    const limited = decision.allowed
      ? json({ data: [] }, { headers: decision.headers })
      : json({}, { status: 429, headers: decision.headers });
    const response = answer ? answer(limited, sent.length) : limited;
    sent.push({ at: clock.now(), status: response.status });
    return response;
  }) as typeof fetch;
  const transport = createTransport({
    baseUrl: 'https://api.example.test',
    token: 'secret-company-token',
    budgetKey: 'token-key',
    budget: createMemoryBudget(serviceRules, clock.now),
    fetch: fetchImpl,
    sleep: clock.sleep,
    now: clock.now,
    maxQueueWaitMs: 60_000,
  });
  return { client: createDataApiClient(transport), sent };
}

describe('the x-rate-limit-remaining header', () => {
  it('does not hold the token till the whole-second reset when our own three calls spent the window', async () => {
    const { client, sent } = clientAgainstLimiter();
    await Promise.all(Array.from({ length: 30 }, (_, i) => client.invoices.list({ Skip: i })));

    expect(sent.every((call) => call.status === 200)).toBe(true);
    // Every third answer says "0 left until the next whole second"; the log alone spaces the groups, so each group
    // of three leaves exactly one second and the margin after the one before: 3 calls per 1.15 s, over 2.6 a second.
    const start = sent[0]!.at;
    expect(sent.map((call) => call.at - start)).toEqual(
      Array.from({ length: 30 }, (_, i) => Math.floor(i / 3) * (1_000 + ARRIVAL_MARGIN_MS)),
    );
  });

  it('holds the token till the reset when the service counts calls our log does not hold', async () => {
    // The service says its window is spent after our very first call: someone else uses the token.
    const resetSeconds = Math.ceil(Date.now() / 1_000) + 2;
    const { client, sent } = clientAgainstLimiter((limited, n) =>
      n === 0
        ? json({ data: [] }, { headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(resetSeconds) } })
        : limited,
    );
    await client.invoices.list();
    await client.invoices.list();
    expect(sent.map((call) => call.status)).toEqual([200, 200]);
    // At least a second: the reset is more than one whole second away from the first call.
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(1_000);
  });
});
