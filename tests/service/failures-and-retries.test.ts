import { describe, expect, it } from 'vitest';

import { createFakeService, json, status } from './fake-service';

const invoice = { id: 1, documentNumber: 'OF1' };

type FakeService = ReturnType<typeof createFakeService>;
/** `count` list calls asked for at once, each for a page of its own. */
const listsAtOnce = (service: FakeService, count: number) =>
  Array.from({ length: count }, (_, i) => service.client.invoices.list({ Skip: i }));
/** When each request reached the service, earliest first. */
const arrivals = (service: FakeService) => service.requests.map((r) => r.at).sort((a, b) => a - b);
/** No `limit + 1` of the times fall within one window of `windowMs`. */
function expectAtMostPerWindow(times: number[], limit: number, windowMs: number) {
  for (let i = limit; i < times.length; i += 1) expect(times[i]! - times[i - limit]!).toBeGreaterThanOrEqual(windowMs);
}
/** Asks for `count` lists at once, all answered: every one is sent, and never more than 3 start in one second. */
async function expectAllSentAtMostThreePerSecond(service: FakeService, count: number) {
  service.always(() => json({ data: [] }));
  await Promise.all(listsAtOnce(service, count));
  const times = arrivals(service);
  expect(times).toHaveLength(count);
  expectAtMostPerWindow(times, 3, 1_000);
}

describe('statuses of the data API, mapped for the pages', () => {
  it.each([
    [400, 'rejected'],
    [402, 'payment-required'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [409, 'duplicate'],
    [418, 'unexpected-status'],
    [500, 'unavailable'],
  ])('maps %i to %s at once, without a retry', async (code, kind) => {
    const service = createFakeService();
    service.always(status(code));
    await expect(service.client.invoices.get(1)).rejects.toMatchObject({ kind, status: code });
    expect(service.requests).toHaveLength(1);
  });

  it('maps 401 to unauthorized and reports it once, so the stored token can be marked invalid', async () => {
    const service = createFakeService();
    service.always(status(401));
    await expect(service.client.invoices.list()).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(service.unauthorized).toHaveLength(1);
    expect(service.requests).toHaveLength(1);
  });

  it('never carries the upstream body or the token in the error', async () => {
    const service = createFakeService();
    service.always(status(403));
    const error = await service.client.invoices.get(1).catch((thrown: Error) => thrown);
    const shown = JSON.stringify({ message: (error as Error).message, ...(error as object) });
    expect(shown).not.toContain('upstream detail');
    expect(shown).not.toContain('secret-company-token');
  });

  it('retries a GET after 502, 503 and 504, and succeeds when the service recovers', async () => {
    const service = createFakeService();
    service.answer(status(502), status(503), status(504), json({ data: invoice }));
    await expect(service.client.invoices.get(1)).resolves.toMatchObject(invoice);
    expect(service.requests).toHaveLength(4);
  });

  it('gives up after three retries and reports the service unavailable', async () => {
    const service = createFakeService();
    service.always(status(503));
    await expect(service.client.invoices.get(1)).rejects.toMatchObject({ kind: 'unavailable', status: 503 });
    expect(service.requests).toHaveLength(4);
  });

  it('retries a GET after a network error', async () => {
    const service = createFakeService();
    service.answer(new TypeError('fetch failed'), json({ data: invoice }));
    await expect(service.client.invoices.get(1)).resolves.toMatchObject(invoice);
    expect(service.requests).toHaveLength(2);
  });

  it('never retries a POST, whatever happened (the service’s duplicate window would answer 409)', async () => {
    for (const failure of [status(503), status(429, { 'retry-after': '1' }), new TypeError('fetch failed')]) {
      const service = createFakeService();
      service.always(failure);
      await expect(service.client.invoices.upload({ externalId: 'e-1' })).rejects.toMatchObject({
        kind: failure instanceof Error ? 'unavailable' : failure.status === 429 ? 'busy' : 'unavailable',
      });
      expect(service.requests).toHaveLength(1);
    }
  });

  it('times out an attempt that does not answer, then retries it', async () => {
    let calls = 0;
    // Like real fetch, the fake gives up when the request's signal aborts.
    const hangingOnce = ((_: unknown, init?: RequestInit) => {
      calls += 1;
      if (calls > 1) return Promise.resolve(json({ data: invoice }));
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as DOMException)),
      );
    }) as typeof fetch;
    const service = createFakeService({ attemptTimeoutMs: 30, fetch: hangingOnce });
    await expect(service.client.invoices.get(1)).resolves.toMatchObject(invoice);
    expect(calls).toBe(2);
  });

  it('reports the service unavailable when every attempt times out', async () => {
    const hanging = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as DOMException)),
      )) as typeof fetch;
    const service = createFakeService({ attemptTimeoutMs: 20, retries: 1, fetch: hanging });
    await expect(service.client.invoices.get(1)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('the rate limit, per token, on a fake clock', () => {
  it('on 429 waits for retry-after, then retries the GET', async () => {
    const service = createFakeService();
    service.answer(status(429, { 'retry-after': '7' }), json({ data: invoice }));
    await expect(service.client.invoices.get(1)).resolves.toMatchObject(invoice);
    expect(service.requests).toHaveLength(2);
    expect(service.requests[1]!.at - service.requests[0]!.at).toBeGreaterThanOrEqual(7_000);
  });

  it('on 429 pauses the token’s whole queue, not only the request that met it', async () => {
    const service = createFakeService();
    service.answer(status(429, { 'retry-after': '5' }), json({ data: [] }));
    // A POST is never retried: it fails as busy at once, and leaves the pause behind for every later call.
    await expect(service.client.invoices.upload({ externalId: 'e-1' })).rejects.toMatchObject({
      kind: 'busy',
      retryAfterSeconds: 5,
    });
    await service.client.invoices.list();
    expect(service.requests[1]!.at - service.requests[0]!.at).toBeGreaterThanOrEqual(5_000);
  });

  it('holds calls that had already taken a slot when a 429 arrives', async () => {
    const service = createFakeService();
    service.answer(status(429, { 'retry-after': '4' }));
    service.always(() => json({ data: [] }));
    // Five at once: three slots in the first second, the others queued behind them; the first meets the 429.
    await Promise.all(listsAtOnce(service, 5));
    const [refused, ...later] = service.requests;
    expect(later.length).toBe(5);
    for (const request of later.slice(2)) expect(request.at - refused!.at).toBeGreaterThanOrEqual(4_000);
  });

  it('fails as busy, with the wait in seconds, when 429 persists through three retries', async () => {
    const service = createFakeService();
    service.always(status(429, { 'retry-after': '2' }));
    await expect(service.client.invoices.list()).rejects.toMatchObject({ kind: 'busy', retryAfterSeconds: 2 });
    expect(service.requests).toHaveLength(4);
  });

  it('reads retry-after given as an HTTP date', async () => {
    const service = createFakeService();
    const inFiveSeconds = new Date(Date.now() + 5_000).toUTCString();
    service.answer(status(429, { 'retry-after': inFiveSeconds }), json({ data: [] }));
    await service.client.invoices.list();
    const gap = service.requests[1]!.at - service.requests[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(4_000);
    expect(gap).toBeLessThanOrEqual(6_500);
  });

  /** Two list calls, the first answered "no requests remain until `reset`": the time between them. */
  async function gapAfterNoneRemainUntil(reset: string) {
    const service = createFakeService({ maxQueueWaitMs: 30_000 });
    service.answer(json({ data: [] }, { headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset } }));
    service.answer(json({ data: [] }));
    await service.client.invoices.list();
    await service.client.invoices.list();
    return service.requests[1]!.at - service.requests[0]!.at;
  }

  it('pauses until x-rate-limit-reset when the service says no requests remain', async () => {
    const reset = Math.ceil((Date.now() + 20_000) / 1_000);
    expect(await gapAfterNoneRemainUntil(String(reset))).toBeGreaterThanOrEqual(18_000);
  });

  it('reads x-rate-limit-reset given as a date-time too', async () => {
    const reset = new Date(Date.now() + 12_000).toISOString();
    expect(await gapAfterNoneRemainUntil(reset)).toBeGreaterThanOrEqual(10_000);
  });

  it('never lets more than 3 calls start in any one second, however many are asked for at once', async () => {
    const service = createFakeService({ maxQueueWaitMs: 60_000 });
    await expectAllSentAtMostThreePerSecond(service, 20);
  });

  it('never lets more than 300 calls start in any one minute', async () => {
    const service = createFakeService({ maxQueueWaitMs: 10 * 60_000, callTimeoutMs: 10 * 60_000 });
    service.always(() => json({ data: [] }));
    await Promise.all(listsAtOnce(service, 305));
    expectAtMostPerWindow(arrivals(service), 300, 60_000);
  });

  it('gives a call 30 s in all: a call that would queue longer fails as busy at once, sending nothing', async () => {
    const service = createFakeService({ maxQueueWaitMs: 60_000 });
    service.always(() => json({ data: [] }));
    // 3 calls a second: the 100th would wait about 36 s.
    const results = await Promise.allSettled(listsAtOnce(service, 100));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.reason).toMatchObject({ kind: 'busy' });
    const times = service.requests.map((r) => r.at);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(30_000);
  });

  it('sends a queued call back to the queue when another instance paused the token meanwhile', async () => {
    // Four calls: the fourth waits for the next second; while it waits, another instance meets a 429 and pauses
    // the token in the shared budget.
    let pausedElsewhere = false;
    const service: FakeService = createFakeService({
      sleep: async (ms) => {
        if (!pausedElsewhere) {
          pausedElsewhere = true;
          await service.budget.pause(service.budgetKey, 6_000);
        }
        await service.clock.sleep(ms);
      },
    });
    service.always(() => json({ data: [] }));
    await Promise.all(listsAtOnce(service, 4));
    expect(service.requests[3]!.at - service.requests[0]!.at).toBeGreaterThanOrEqual(6_000);
  });

  it('gives a call that woke up late a new slot, so the calls planned after it keep their windows', async () => {
    let overslept = false;
    const service: FakeService = createFakeService({
      sleep: async (ms) => {
        // The first call to wait overruns its slot by 400 ms, as under a blocked event loop; the others are on time.
        const late = overslept ? 0 : 400;
        overslept = true;
        await service.clock.sleep(ms + late);
      },
    });
    await expectAllSentAtMostThreePerSecond(service, 9);
  });

  it('still sends every call when every wake-up is late (a starved event loop), within the windows', async () => {
    // Each late call gives its unused slot back and goes where that keeps the windows: queueing each one again behind
    // slots nobody used would spiral until they all failed as busy.
    const service: FakeService = createFakeService({
      sleep: (ms) => service.clock.sleep(ms + 400),
    });
    await expectAllSentAtMostThreePerSecond(service, 9);
  });

  it('fails as busy, sending nothing, when the next slot is further away than the queue may wait', async () => {
    const service = createFakeService({ maxQueueWaitMs: 1_500 });
    service.always(() => json({ data: [] }));
    const results = await Promise.allSettled(listsAtOnce(service, 12));
    const busy = results.filter((r) => r.status === 'rejected');
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) expect(r.reason).toMatchObject({ kind: 'busy' });
    expect(service.requests).toHaveLength(results.length - busy.length);
  });
});

describe('binary answers', () => {
  it('hands a PDF back as a stream with its type and length, unread', async () => {
    const service = createFakeService();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode(pulled === 1 ? '%PDF-1.7\n' : 'more'));
        if (pulled === 3) controller.close();
      },
    });
    service.answer(new Response(body, { headers: { 'content-type': 'application/pdf', 'content-length': '17' } }));
    const download = await service.client.invoices.report(4711, 19);
    expect(download.contentType).toBe('application/pdf');
    expect(download.contentLength).toBe(17);
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await new Response(download.body).text()).toBe('%PDF-1.7\nmoremore');
    expect(service.requests[0]?.url.pathname).toBe('/api/invoices/4711/reports/19');
  });
});
