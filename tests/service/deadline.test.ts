import { describe, expect, it } from 'vitest';

import { createDataApiClient } from '@/lib/service/client';
import { DataApiError } from '@/lib/service/errors';
import { MIN_ATTEMPT_MS } from '@/lib/service/transport-slot';

import { createFakeService, json, status } from './fake-service';

/**
 * A caller's deadline (a page's, lib/features/documents/load.ts) bounds the whole call: the wait for a slot, every attempt
 * and every retry. On the fake clock; what is asserted is which requests were sent and how the call ended.
 */
const invoice = { id: 1, documentNumber: 'OF1' };

function withDeadline(service: ReturnType<typeof createFakeService>, inMs: number) {
  return createDataApiClient(service.transport, { deadline: service.clock.now() + inMs });
}

async function failure(call: Promise<unknown>): Promise<DataApiError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DataApiError);
  return error as DataApiError;
}

describe('a caller’s deadline', () => {
  it('cuts an attempt that has not answered by then, and retries nothing after it', async () => {
    // Like real fetch, the fake gives up when the request's signal aborts.
    let sent = 0;
    const hanging = ((_: unknown, init?: RequestInit) => {
      sent += 1;
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
      );
    }) as typeof fetch;
    const service = createFakeService({ fetch: hanging });
    const error = await failure(withDeadline(service, MIN_ATTEMPT_MS + 50).invoices.get(1));
    expect(error.kind).toBe('unavailable');
    expect(error.deadlineExceeded).toBe(true);
    expect(sent).toBe(1);
  });

  it('sends no retry that could not start before it, however many retries are left', async () => {
    const service = createFakeService();
    // Each 429 pauses the token 2 s: without a deadline the GET is tried four times (see failures-and-retries).
    service.always(status(429, { 'retry-after': '2' }));
    const deadline = service.clock.now() + 5_000;
    const error = await failure(createDataApiClient(service.transport, { deadline }).invoices.list());
    expect(error.kind).toBe('busy');
    expect(error.deadlineExceeded).toBe(true);
    expect(service.requests.length).toBeLessThan(4);
    for (const request of service.requests) expect(request.at).toBeLessThanOrEqual(deadline - MIN_ATTEMPT_MS);
  });

  it('refuses at once, sending nothing, a slot further away than the deadline', async () => {
    const service = createFakeService();
    service.always(() => json({ data: [] }));
    const client = withDeadline(service, 1_500);
    // 3 calls a second: the later of twelve calls would start after the deadline.
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => client.invoices.list({ Skip: i })));
    const refused = results.filter((result) => result.status === 'rejected').map((result) => result.reason);
    expect(refused.length).toBeGreaterThan(0);
    for (const reason of refused) expect(reason).toMatchObject({ kind: 'busy', deadlineExceeded: true });
    expect(service.requests).toHaveLength(12 - refused.length);
  });

  it('sends nothing when too little time is left for an answer to arrive', async () => {
    const service = createFakeService();
    service.always(() => json({ data: invoice }));
    const error = await failure(withDeadline(service, MIN_ATTEMPT_MS - 1).invoices.get(1));
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(error.deadlineExceeded).toBe(true);
    expect(service.requests).toHaveLength(0);
  });

  it('changes nothing for a call that is answered in time', async () => {
    const service = createFakeService();
    service.answer(status(503), json({ data: invoice }));
    await expect(withDeadline(service, 10_000).invoices.get(1)).resolves.toMatchObject(invoice);
    expect(service.requests).toHaveLength(2);
  });
});
