import {
  getAccessFallbackHTTPStatus,
  isHTTPAccessFallbackError,
} from 'next/dist/client/components/http-access-fallback/http-access-fallback';
import { describe, expect, it } from 'vitest';

import { loadForPage } from '@/lib/doors/company/page-load';
import { failureOf } from '@/lib/platform/http/failure';
import { problemOf } from '@/lib/platform/http/page-problem';
import { DataApiError, type DataApiErrorKind } from '@/lib/service/errors';

describe('what a page shows for each failure of the data API', () => {
  it.each<[DataApiErrorKind, string]>([
    ['not-connected', 'disconnected'],
    ['unauthorized', 'disconnected'],
    ['payment-required', 'payment-required'],
    ['forbidden', 'forbidden'],
    ['unavailable', 'unavailable'],
    ['malformed-response', 'unavailable'],
    ['unexpected-status', 'unavailable'],
    ['rejected', 'unavailable'],
  ])('%s → %s', (kind, shown) => {
    expect(problemOf(new DataApiError(kind)).kind).toBe(shown);
  });

  it('busy carries the seconds to wait', () => {
    expect(problemOf(new DataApiError('busy', { retryAfterSeconds: 12 }))).toEqual({
      kind: 'busy',
      retryAfterSeconds: 12,
    });
  });

  it("turns the service's 404 into Next's not-found page (status 404), and lets other errors through", async () => {
    const thrown = await loadForPage(() => Promise.reject(new DataApiError('not-found'))).catch(
      (error: unknown) => error,
    );
    expect(isHTTPAccessFallbackError(thrown)).toBe(true);
    expect(getAccessFallbackHTTPStatus(thrown as never)).toBe(404);
    await expect(loadForPage(() => Promise.reject(new TypeError('bug')))).rejects.toThrow(TypeError);
    expect(await loadForPage(() => Promise.reject(new DataApiError('busy', { retryAfterSeconds: 3 })))).toEqual({
      ok: false,
      problem: { kind: 'busy', retryAfterSeconds: 3 },
    });
  });
});

describe('which status a file address answers for each failure', () => {
  it.each<[DataApiErrorKind, string]>([
    ['not-found', 'not_found'],
    ['invalid-input', 'not_found'],
    ['not-connected', 'connection_inactive'],
    ['unauthorized', 'connection_inactive'],
    ['payment-required', 'payment_required'],
    ['forbidden', 'forbidden'],
    ['busy', 'rate_limited'],
    ['unavailable', 'unavailable'],
    ['malformed-response', 'bad_gateway'],
    ['unexpected-status', 'bad_gateway'],
    ['rejected', 'bad_gateway'],
  ])('%s → %s', (kind, code) => {
    expect(failureOf(new DataApiError(kind)).code).toBe(code);
  });

  it('anything else is an internal error, whose message is never shown', () => {
    expect(failureOf(new Error('secret detail'))).toEqual({
      code: 'internal',
      reason: 'unexpected_error',
      unexpected: true,
    });
  });
});
