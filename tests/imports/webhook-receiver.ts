import { createServer, type Server } from 'node:http';

import { afterAll, beforeAll } from 'vitest';

import { POST as receiveWebhook } from '@/app/api/webhooks/[webhookId]/route';
import { newWebhookId, storeAccessTokens } from '@/lib/owners/connections/store';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

import { BASE, PLUGIN_ID } from '../support/broker';
import { rememberSecret } from '../support/log-capture';
import { listenOnLoopback } from '../support/loopback';
import { importsSandboxDuringTests, JANA } from './fixture';

/**
 * The sandbox's upload-finished notifications reaching our webhook route as the service calls it, for the tests of the
 * describe block it is called in: the service posts to our route's address, and a loopback server hands each request
 * to the route's handler as is. `connectWithReceiver` stores a connection of the company whose notifications come
 * there (signed with `secret`) and answers its token, as the service knows it, and its webhookId.
 */
export function webhookReceiverDuringTests(api: ReturnType<typeof importsSandboxDuringTests>, secret: string) {
  let bridge: Server;
  let bridgeUrl: string;

  beforeAll(async () => {
    bridge = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const webhookId = (req.url ?? '').split('/').pop() ?? '';
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string') headers.set(name, value);
        void receiveWebhook(
          new Request(`${BASE}/api/webhooks/${webhookId}`, { method: 'POST', headers, body: Buffer.concat(chunks) }),
          { params: Promise.resolve({ webhookId }) },
        ).then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        });
      });
    });
    bridgeUrl = await listenOnLoopback(bridge);
  });
  afterAll(() => new Promise((resolve) => bridge.close(resolve)));

  async function connectWithReceiver(db: Db, tenantId: string): Promise<{ token: string; webhookId: string }> {
    const webhookId = newWebhookId();
    const token = rememberSecret(
      api.sandbox.tokens.issue(tenantId, JANA, {
        webhook: { url: `${bridgeUrl}/api/webhooks/${webhookId}`, secret },
      }),
    );
    await storeAccessTokens(
      db,
      [{ userId: JANA, tenantId, pluginId: PLUGIN_ID, accessToken: token, companyName: null, webhookSecret: secret }],
      getEnv().encryptionKeys,
      { source: 'consent', webhookId },
    );
    return { token, webhookId };
  }

  return { connectWithReceiver };
}
