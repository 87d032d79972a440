import type { NextConfig } from 'next';
// What `next dev` runs after every request: its request line, unless the configuration's `logging` leaves it out.
import { logRequests } from 'next/dist/server/dev/log-requests';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The development server (`npm run dev`) prints a line per request with its whole address. The launch's callback
 * carries a single-use launch code and the console's sign-in callback the identity provider's authorization code: the
 * output holds neither. Next's own request logger, fed this project's next.config.mjs, writes what `next dev` writes.
 */
const config = ((await import(new URL('../../next.config.mjs', import.meta.url).href)) as { default: NextConfig })
  .default;

afterEach(() => {
  vi.restoreAllMocks();
});

/** The development server's output for one request to `url`. */
function devOutputFor(url: string): string {
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  const request = { url, method: 'GET' } as unknown as Parameters<typeof logRequests>[0];
  const response = { statusCode: 302 } as unknown as Parameters<typeof logRequests>[1];
  logRequests(
    request,
    response,
    config.logging as Parameters<typeof logRequests>[2],
    0n,
    1_000_000n,
    undefined,
    undefined,
    undefined,
    undefined,
  );
  vi.restoreAllMocks();
  return written.join('');
}

describe('the development server’s request lines', () => {
  it.each([
    '/console/auth/callback/operator?code=Z3Jhbn0tY29kZQ&state=c3RhdGU&iss=http%3A%2F%2Flocalhost%3A4010%2Foidc',
    '/console/auth/callback/operator?state=c3RhdGU&code=Z3Jhbn0tY29kZQ',
    '/auth/callback?code=bGF1bmNoLWNvZGU',
    '/anything/else?x=1&code=Z3Jhbn0tY29kZQ',
  ])('leave out a callback with its code: %s', (url) => {
    expect(devOutputFor(url)).not.toContain('code=');
  });

  it('still show every other request', () => {
    expect(devOutputFor('/companies/10001/invoices?PaymentStatus=0')).toContain(
      'GET /companies/10001/invoices?PaymentStatus=0',
    );
  });
});
