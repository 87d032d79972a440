import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

import { listenOnLoopback } from '../support/loopback';

/** One request the fake add-on received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeAddonBehaviour {
  exchangeStatus: number;
  /** Body of a 200 token-exchange answer; a string is sent as is (to exercise malformed JSON). */
  exchangeBody: unknown;
  exchangeDelayMs: number;
  deliveryStatus: number;
}

export const VALID_LAUNCH_CODE = 'c'.repeat(32) + 'D'.repeat(32);

export function defaultBehaviour(): FakeAddonBehaviour {
  return {
    exchangeStatus: 200,
    exchangeBody: { launchCode: VALID_LAUNCH_CODE, requestAccessToken: false },
    exchangeDelayMs: 0,
    deliveryStatus: 200,
  };
}

/** A stand-in for the add-on's two server-to-server endpoints: records what the gateway sends, answers as told. */
export async function startFakeAddon() {
  const requests: RecordedRequest[] = [];
  const state = { behaviour: defaultBehaviour() };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep the raw text
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const b = state.behaviour;
      if (req.url === '/api/auth/token-exchange') {
        const payload = typeof b.exchangeBody === 'string' ? b.exchangeBody : JSON.stringify(b.exchangeBody);
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(b.exchangeStatus, { 'Content-Type': 'application/json' });
          res.end(b.exchangeStatus === 200 ? payload : JSON.stringify({ error: 'unauthorized' }));
        }, b.exchangeDelayMs);
      } else if (req.url === '/api/auth/token-delivery') {
        res.writeHead(b.deliveryStatus, { 'Content-Type': 'application/json' });
        res.end('{}');
      } else {
        res.writeHead(404).end();
      }
    });
  });
  const url = await listenOnLoopback(server);

  return {
    url,
    requests,
    set(behaviour: Partial<FakeAddonBehaviour>) {
      state.behaviour = { ...defaultBehaviour(), ...behaviour };
    },
    reset() {
      requests.length = 0;
      state.behaviour = defaultBehaviour();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
