import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createKeyRing, type KeyRing } from '../../sandbox/key-ring';

/**
 * Plays the broker's key host: the ring's public keys at `/broker/jwks.json` on an ephemeral loopback port.
 * Fetches are counted so the report can show that the add-on cached the set instead of fetching per launch.
 */
export type JwksServer = { ring: KeyRing; origin: string; jwksUrl: string; fetches(): number; close(): Promise<void> };

export async function startJwksServer(): Promise<JwksServer> {
  const ring = await createKeyRing();
  let fetches = 0;
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/broker/jwks.json') {
      fetches++;
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(ring.jwks()));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let closed = false;
  return {
    ring,
    origin,
    jwksUrl: `${origin}/broker/jwks.json`,
    fetches: () => fetches,
    async close() {
      if (closed) return;
      closed = true;
      // The add-on keeps its keep-alive connection open; drop it so close() does not wait for its timeout.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
