import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DatabaseError, isDatabaseUnavailable } from '@/lib/platform/db-errors';
import { describeError } from '@/lib/platform/log';

import { callback, exchange, launchJwt, startBrokerFixture } from '../support/broker';

describe('when the database cannot be reached', () => {
  let broker: Awaited<ReturnType<typeof startBrokerFixture>>;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    broker = await startBrokerFixture({ DATABASE_URL: 'postgres://addon@127.0.0.1:1/addon' });
  });
  afterAll(async () => {
    delete process.env.DATABASE_URL;
    await broker.stop();
  });

  it('token-exchange answers 503 with the generic error body', async () => {
    const response = await exchange(await launchJwt(broker));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
  });

  it('the callback answers 503 with a readable page and sets no cookie', async () => {
    const response = await callback('A'.repeat(64));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('the callback still refuses a malformed code with 400: its shape is checked before the database', async () => {
    expect((await callback('not-a-launch-code')).status).toBe(400);
  });

  it('a wrong API key still answers 401: the failure is counted in memory meanwhile', async () => {
    const { exchange: post } = await import('../support/broker');
    expect((await post('x.y.z', { apiKey: 'wrong-key-wrong-key' })).status).toBe(401);
  });

  it('the consent’s answer gets a readable 503 page, so the user can press the service’s return button again', async () => {
    const { POST } = await import('@/app/consent/return/route');
    const body = new URLSearchParams({
      'data[0][companyId]': '10001',
      'data[0][token]': 'opaque',
      state: 's'.repeat(43),
    });
    const response = await POST(new Request('http://localhost:3000/consent/return', { method: 'POST', body }));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('return button again');
  });

  it('health answers 503', async () => {
    const { GET } = await import('@/app/api/health/route');
    expect((await GET()).status).toBe(503);
  });
});

describe('errors raised by a query', () => {
  const wrapped = (cause: Error) =>
    new DrizzleQueryError('select * from sessions where id = $1', ['session-id-secret-value'], cause);

  it('count as "unavailable" when the driver lost its connection, though drizzle wraps them', () => {
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('admin shutdown'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
  });

  it('are described for the log by code, table and constraint, never by the query parameters', () => {
    const error = wrapped(
      Object.assign(new Error('duplicate key value'), {
        code: '23505',
        table: 'sessions',
        constraint: 'sessions_pkey',
      }),
    );
    const described = describeError(error);
    expect(described).toEqual({
      name: 'DrizzleQueryError',
      sqlState: '23505',
      table: 'sessions',
      constraint: 'sessions_pkey',
    });
    expect(JSON.stringify(described)).not.toContain('session-id-secret-value');
  });

  it('reach a page only as a DatabaseError that names the code, without the query or its parameters', () => {
    const error = new DatabaseError(wrapped(Object.assign(new Error('connection terminated'), { code: '57P01' })));
    expect(error.message).toBe('Database query failed (57P01).');
    expect(error.cause).toBeUndefined();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
