import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { describeError } from '@/lib/log';
import { isUnavailable } from '@/lib/http/errors';
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

  it('health answers 503', async () => {
    const { GET } = await import('@/app/api/health/route');
    expect((await GET()).status).toBe(503);
  });
});

describe('errors raised by a query', () => {
  const wrapped = (cause: Error) => new DrizzleQueryError('select * from sessions where id = $1', ['session-id-secret-value'], cause);

  it('count as "unavailable" when the driver lost its connection, though drizzle wraps them', () => {
    expect(isUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isUnavailable(wrapped(Object.assign(new Error('admin shutdown'), { code: '57P01' })))).toBe(true);
    expect(isUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
  });

  it('are described for the log by code, table and constraint, never by the query parameters', () => {
    const error = wrapped(Object.assign(new Error('duplicate key value'), { code: '23505', table: 'sessions', constraint: 'sessions_pkey' }));
    const described = describeError(error);
    expect(described).toEqual({ name: 'DrizzleQueryError', code: '23505', table: 'sessions', constraint: 'sessions_pkey' });
    expect(JSON.stringify(described)).not.toContain('session-id-secret-value');
  });
});
