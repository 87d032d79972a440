import type { IncomingMessage, ServerResponse } from 'node:http';

import { z } from 'zod';

import type { AccessTokenStore } from './access-tokens';
import type { AddonReadiness } from './addon-readiness';
import { runLaunch } from './gateway';
import { parseJson, readBody, sendHtml, sendJson } from './http/io';
import type { Route } from './http/router';
import type { KeyRing } from './key-ring';
import { renderErrorPage, renderLaunchPage } from './launch-page';

export type PageHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
) => void | Promise<void>;

export interface BrokerConfig {
  addonUrl: string;
  pluginId: string;
  apiKey: string;
  ring: KeyRing;
  tokens: AccessTokenStore;
  gatewayTimeoutMs?: number;
  /** While the add-on is not ready (`npm run dev` compiling it), the launch page holds Launch back. */
  readiness: AddonReadiness;
  /** More sections for the home page (the data API's fault switches), rendered on each visit. */
  homeSections?: () => string;
}

const launchFormSchema = z.object({
  userId: z.string().min(1),
  tenantIds: z.array(z.string().regex(/^\d+$/)),
});

// A number is accepted too: the consent flow reports company ids as integers, and callers may pass those.
const revokeSchema = z.object({
  tenantId: z.union([z.string().min(1), z.number().int()]).transform(String),
  userId: z.string().min(1),
});

const ADDON_STARTING =
  'the add-on is still starting (npm run dev compiles the routes a launch walks); launch again once the launch page offers Launch';

/** The gateway's side of the broker (launch page, key set) plus the sandbox-only admin routes. */
export function brokerRoutes(config: BrokerConfig): Route<PageHandler>[] {
  const addonOrigin = new URL(config.addonUrl).origin;

  const launch: PageHandler = async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    const parsed = launchFormSchema.safeParse({
      userId: form.get('userId') ?? '',
      tenantIds: form.getAll('tenantIds'),
    });
    if (!parsed.success) return sendHtml(res, 400, renderErrorPage(400, 'the launch form was incomplete or malformed'));
    // A form from before the add-on was ready: a launch now would only time out while the add-on compiles.
    if (!config.readiness.ready()) return sendHtml(res, 503, renderErrorPage(503, ADDON_STARTING));

    const result = await runLaunch({
      addonUrl: config.addonUrl,
      apiKey: config.apiKey,
      pluginId: config.pluginId,
      ring: config.ring,
      tokens: config.tokens,
      userId: parsed.data.userId,
      tenantIds: parsed.data.tenantIds,
      timeoutMs: config.gatewayTimeoutMs,
    });
    if (!result.ok) return sendHtml(res, result.status, renderErrorPage(result.status, result.reason));
    // The Location carries the launch code: keep it out of caches and out of the Referer of the next page.
    res.writeHead(302, { Location: result.callbackUrl, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    res.end();
  };

  return [
    {
      method: 'GET',
      path: '/',
      handler: (_req, res) =>
        sendHtml(
          res,
          200,
          renderLaunchPage({
            addonUrl: config.addonUrl,
            pluginId: config.pluginId,
            addonReady: config.readiness.ready(),
            extra: config.homeSections?.(),
          }),
          {
            // The form posts here and the answer redirects to the add-on, which form-action must also allow.
            'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${addonOrigin}`,
          },
        ),
    },
    { method: 'POST', path: '/launch', handler: launch },
    {
      method: 'GET',
      path: '/broker/jwks.json',
      handler: (_req, res) => sendJson(res, 200, config.ring.jwks(), { 'Cache-Control': 'max-age=300' }),
    },
    {
      method: 'POST',
      path: '/admin/addon-ready',
      handler: async (req, res) => {
        await readBody(req); // drained so keep-alive connections stay usable
        config.readiness.markReady();
        sendJson(res, 200, { ready: true });
      },
    },
    {
      method: 'POST',
      path: '/admin/rotate-keys',
      handler: async (req, res) => {
        await readBody(req); // drained so keep-alive connections stay usable
        const key = await config.ring.rotate();
        sendJson(res, 200, { kid: key.kid });
      },
    },
    {
      method: 'POST',
      path: '/admin/revoke-token',
      handler: async (req, res) => {
        const parsed = revokeSchema.safeParse(parseJson(await readBody(req)));
        if (!parsed.success) return sendJson(res, 400, { message: 'expected JSON { tenantId, userId }' });
        sendJson(res, 200, { revoked: config.tokens.revoke(parsed.data.tenantId, parsed.data.userId) });
      },
    },
  ];
}
