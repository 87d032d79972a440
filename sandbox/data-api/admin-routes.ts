import type { IncomingMessage, ServerResponse } from 'node:http';

import { z } from 'zod';

import type { PageHandler } from '../broker-routes';
import { isForm, parseJson, readBody, sendJson } from '../http/io';
import type { Route } from '../http/router';
import { faultSpecSchema } from './faults';
import { sendFile } from './files';
import type { DataApi } from './index';
import { renderReport } from './reports';

// A number is accepted too: the consent flow reports company ids as integers.
const faultRequestSchema = faultSpecSchema.extend({
  tenantId: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(String),
});

/** What previewLink should answer for a company, verbatim (null: its own preview links again). */
const previewLinkRequestSchema = z.object({
  tenantId: z.string().regex(/^\d+$/),
  link: z.string().max(10_000).nullable(),
});

/** The home page's form sends strings; empty fields mean "not set". */
function fromForm(text: string): Record<string, unknown> {
  const form = new URLSearchParams(text);
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) {
    if (value === '') continue;
    out[key] = ['status', 'delayMs', 'retryAfterSeconds', 'shift', 'count', 'after'].includes(key)
      ? Number(value)
      : value;
  }
  return out;
}

/**
 * The server listens on loopback only, but a page the developer visits could still post a form here: a browser's
 * cross-site POST carries a foreign Origin, which is refused. Non-browser clients send no Origin and pass.
 */
export function crossSite(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  return origin !== undefined && origin !== `http://${req.headers.host ?? ''}`;
}

/** A POST handler of the admin pages: it reads the body, then refuses a cross-site request before doing anything. */
export function sameSitePost(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>,
): PageHandler {
  return async (req, res) => {
    const body = await readBody(req);
    if (crossSite(req)) return sendJson(res, 403, { message: 'cross-site request refused' });
    await handle(req, res, body);
  };
}

/** The home page's forms expect to land back on the page, showing the new state. */
function backToFaults(res: ServerResponse): void {
  res.writeHead(303, { Location: '/#faults', 'Cache-Control': 'no-store' });
  res.end();
}

/**
 * Sandbox-only routes beside the data API: fault injection and the request log for tests that run the sandbox in
 * another process, previewLink answers of a test's choosing, and the token-less preview links that previewLink hands out.
 */
export function dataApiPageRoutes(api: DataApi): Route<PageHandler>[] {
  const { control, services } = api;
  return [
    {
      method: 'GET',
      path: '/admin/data-api/fault',
      handler: (_req, res) => sendJson(res, 200, { faults: control.faults() }),
    },
    {
      method: 'POST',
      path: '/admin/data-api/fault',
      handler: sameSitePost((req, res, text) => {
        const parsed = faultRequestSchema.safeParse(isForm(req) ? fromForm(text) : parseJson(text));
        if (!parsed.success) {
          return sendJson(res, 400, {
            message:
              'expected JSON { tenantId, mode, status?, delayMs?, retryAfterSeconds?, shift?, count?, after?, path? }',
            issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
          });
        }
        const { tenantId, ...spec } = parsed.data;
        const fault = control.setFault(tenantId, spec);
        if (isForm(req)) return backToFaults(res);
        sendJson(res, 200, { tenantId, fault });
      }),
    },
    {
      method: 'POST',
      path: '/admin/data-api/preview-link',
      handler: sameSitePost((_req, res, text) => {
        const parsed = previewLinkRequestSchema.safeParse(parseJson(text));
        if (!parsed.success) return sendJson(res, 400, { message: 'expected JSON { tenantId, link: string | null }' });
        control.setPreviewLink(parsed.data.tenantId, parsed.data.link);
        sendJson(res, 200, parsed.data);
      }),
    },
    {
      method: 'POST',
      path: '/admin/data-api/faults/clear',
      handler: sameSitePost((req, res) => {
        control.clearFaults();
        if (isForm(req)) return backToFaults(res);
        sendJson(res, 200, { faults: {} });
      }),
    },
    {
      method: 'GET',
      path: '/admin/data-api/requests',
      handler: (_req, res) => sendJson(res, 200, { data: control.requests() }, { 'Cache-Control': 'no-store' }),
    },
    {
      method: 'POST',
      path: '/admin/data-api/requests/reset',
      handler: sameSitePost((_req, res) => {
        control.resetRequests();
        sendJson(res, 200, { data: [] });
      }),
    },
    {
      method: 'GET',
      path: '/preview/:id',
      handler: (_req, res, params) => {
        const target = services.previews.find(params.id ?? '', services.now());
        if (!target) return sendJson(res, 404, { message: 'The preview link is unknown or has expired.' });
        const report = renderReport(services.companies.get(target.tenantId), target.kind, target.id, target.reportId);
        if (!report) return sendJson(res, 404, { message: 'The document no longer exists.' });
        sendFile(res, report.bytes, 'application/pdf', report.fileName, 'inline', {
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
        });
      },
    },
  ];
}
