import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { exchange, launchJwt, startBrokerFixture } from '../support/broker';
import { capturedLogLines } from '../support/log-capture';

let broker: Awaited<ReturnType<typeof startBrokerFixture>>;
beforeAll(async () => {
  broker = await startBrokerFixture();
});
afterAll(() => broker.stop());

describe('GET /api/health', () => {
  it('answers 200 { status: ok } when the database answers', async () => {
    const { GET } = await import('@/app/api/health/route');
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('unknown addresses under /api', () => {
  it('answer 404 in the one error shape', async () => {
    const route = await import('@/app/api/[...unknown]/route');
    const response = route.GET();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('security headers of the route handlers', () => {
  it('forbid framing except by FRAME_ANCESTORS, sniffing and caching, on success and on error', async () => {
    const { GET } = await import('@/app/api/health/route');
    for (const response of [await GET(), await exchange('x.y.z', { apiKey: null })]) {
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('logs of the broker endpoints', () => {
  const linesOf = (endpoint: string) =>
    capturedLogLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.endpoint === endpoint);

  it('write one JSON line per request with its outcome, a reason code and fingerprints only', async () => {
    const before = linesOf('token-exchange').length;
    const token = await launchJwt(broker);
    await exchange(token);
    await exchange(token);
    const lines = linesOf('token-exchange').slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      status: 200,
      reason: 'ok',
      requestAccessToken: true,
      tenants: 2,
      jwtFingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(lines[1]).toMatchObject({ status: 401, reason: 'jwt_replayed' });
    expect(lines[0]!.jwtFingerprint).toBe(lines[1]!.jwtFingerprint);
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});
