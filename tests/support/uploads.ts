import { describe, expect, it } from 'vitest';

import { BASE } from './broker';

type UploadRoute = (request: Request, context: { params: Promise<{ tenantId: string }> }) => Promise<Response>;

/** A multipart body to `address` that notes whether anyone read it. */
export function watchedUpload(address: string, headers: Record<string, string>) {
  let read = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read = true;
        controller.enqueue(new TextEncoder().encode('--x\r\n'));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(`${BASE}${address}`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, wasRead: () => read };
}

/**
 * Who may upload to a company's import address (`path` of a company, e.g. `/companies/10001/payments/import`): the
 * session's own company from our own pages only. A company outside the session and another site's form are refused
 * (403) before the body is read, and nothing is stored; without a session, 401.
 */
export function describeWhoMayUpload(options: {
  upload: UploadRoute;
  path: (tenantId: string) => string;
  tenantId: string;
  /** A company the session does not hold. */
  outsideTenantId: string;
  cookie: () => string;
  importCount: () => Promise<number>;
}) {
  const { upload, path, tenantId, outsideTenantId, cookie, importCount } = options;
  const sameOrigin = { origin: BASE, 'sec-fetch-site': 'same-origin' };
  const call = (request: Request, tenant: string) => upload(request, { params: Promise.resolve({ tenantId: tenant }) });

  describe('who may upload', () => {
    it('a company outside the session: 403 before the body is read', async () => {
      const { request, wasRead } = watchedUpload(path(outsideTenantId), { cookie: cookie(), ...sameOrigin });
      expect((await call(request, outsideTenantId)).status).toBe(403);
      expect(wasRead()).toBe(false);
    });

    it('another site’s form: 403, nothing read or stored', async () => {
      const before = await importCount();
      const { request, wasRead } = watchedUpload(path(tenantId), {
        cookie: cookie(),
        origin: 'https://attacker.example',
        'sec-fetch-site': 'cross-site',
      });
      expect((await call(request, tenantId)).status).toBe(403);
      expect(wasRead()).toBe(false);
      expect(await importCount()).toBe(before);
    });

    it('without a session: 401', async () => {
      const { request } = watchedUpload(path(tenantId), sameOrigin);
      expect((await call(request, tenantId)).status).toBe(401);
    });
  });
}
