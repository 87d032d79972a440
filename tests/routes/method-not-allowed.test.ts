import { describe, expect, it } from 'vitest';

/**
 * A method an address does not take is answered in one way (lib/platform/http/other-methods.ts): 405 in the one
 * error shape, `Allow` naming what the address takes, with the route handlers' security headers.
 */

async function expectRefused(response: Response, allow: string) {
  expect(response.status).toBe(405);
  expect(response.headers.get('allow')).toBe(allow);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toContain('frame-ancestors');
  expect(await response.json()).toEqual({ error: { code: 'method_not_allowed', message: expect.any(String) } });
}

describe('405', () => {
  it('at an address that takes POST: Allow names OPTIONS too, which answers 204', async () => {
    const logout = await import('@/app/auth/logout/route');
    for (const refuse of [logout.GET, logout.PUT, logout.PATCH, logout.DELETE])
      await expectRefused(refuse(), 'POST, OPTIONS');
    const options = logout.OPTIONS();
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('at the callback and the notifications’ address: OPTIONS is refused too', async () => {
    const callback = await import('@/app/auth/callback/route');
    for (const refuse of [callback.POST, callback.PUT, callback.PATCH, callback.DELETE, callback.OPTIONS])
      await expectRefused(refuse(), 'GET, HEAD');
    const webhook = await import('@/app/api/webhooks/[webhookId]/route');
    for (const refuse of [webhook.GET, webhook.PUT, webhook.PATCH, webhook.DELETE, webhook.OPTIONS])
      await expectRefused(refuse(), 'POST');
  });

  it('for HEAD of a company’s file address, kept private', async () => {
    const report = await import('@/app/companies/[tenantId]/invoices/[id]/reports/[reportId]/route');
    const exported = await import('@/app/companies/[tenantId]/expenses/export.csv/route');
    for (const response of [report.HEAD(), exported.HEAD()]) {
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      await expectRefused(response, 'GET');
    }
  });
});
