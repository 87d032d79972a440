import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

import { listenOnLoopback } from '../support/loopback';

/** One notification as it arrived: the raw bytes, so signatures are checked on exactly what was sent. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  json(): any;
}

/**
 * A tiny stand-in for the add-on's webhook endpoint on 127.0.0.1: records every request and answers with the next
 * status from `answers` (200 once they run out).
 */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ path: req.url ?? '/', headers: req.headers, raw, json: () => JSON.parse(raw.toString('utf8')) });
      res.writeHead(answers.shift() ?? 200, { 'Content-Type': 'text/plain' });
      res.end('ok');
    });
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    received,
    /** Statuses for the next requests, in order. */
    answers,
    reset() {
      received.length = 0;
      answers.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The service's signature computed here from scratch, not with the sandbox's signer: HMAC-SHA256 keyed with the
 * secret's UTF-16LE bytes over the body's UTF-16LE bytes (the body arrives as UTF-8), in Base64.
 */
export function expectedSignature(secret: string, raw: Buffer): string {
  const body16 = Buffer.from(raw.toString('utf8'), 'utf16le');
  return createHmac('sha256', Buffer.from(secret, 'utf16le')).update(body16).digest('base64');
}
