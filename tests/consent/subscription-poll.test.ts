import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { parsePollBody, type PollAnswer, pollSubscription } from '@/lib/service/subscription-poll';

import { capturedLogLines, rememberSecret } from '../support/log-capture';
import { listenOnLoopback } from '../support/loopback';

/**
 * The poll call against a tiny local server that answers as the test says: what is sent (path, method, body, no
 * Authorization) and how each answer shape is read.
 */

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
type Reply = (res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let reply: Reply;
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      reply(res);
    });
  });
  baseUrl = await listenOnLoopback(server);
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

const STATE = rememberSecret('state-0123456789abcdefghijklmnopqrstuvwxyzABCD');
const poll = (options: { timeoutMs?: number } = {}) => pollSubscription(STATE, { baseUrl: `${baseUrl}/`, ...options });

describe('pollSubscription', () => {
  it('posts the state as JSON to /api/integration-subscription/poll, without Authorization', async () => {
    reply = json(200, { data: { status: 'Pending', companies: [] } });
    expect(await poll()).toEqual({ kind: 'status', status: 'Pending', companies: [] });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/integration-subscription/poll' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ state: STATE });
    expect(seen[0]!.headers['content-type']).toMatch(/^application\/json/);
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('reads an approval: companyId as the tenant id, webHookSecret (capital H) as the webhook secret, unknown fields ignored', async () => {
    const tokens = [rememberSecret('token-aaaaaaaaaaaaaaaa'), rememberSecret('token-bbbbbbbbbbbbbbbb')];
    reply = json(200, {
      data: {
        status: 'Approved',
        extra: 1,
        companies: [
          {
            companyId: 10001,
            companyName: ' Firma s.r.o. ',
            token: tokens[0],
            webHookSecret: 'c2VjcmV0LW9uZQ==',
            isNew: true,
          },
          { companyId: 10002, companyName: null, token: tokens[1] },
        ],
      },
    });
    expect(await poll()).toEqual({
      kind: 'status',
      status: 'Approved',
      companies: [
        { tenantId: '10001', companyName: 'Firma s.r.o.', token: tokens[0], webhookSecret: 'c2VjcmV0LW9uZQ==' },
        { tenantId: '10002', companyName: null, token: tokens[1], webhookSecret: null },
      ],
    });
  });

  it('reads Denied and Expired, and ignores companies that come with them', async () => {
    reply = json(200, { data: { status: 'Expired', companies: null } });
    expect(await poll()).toEqual({ kind: 'status', status: 'Expired', companies: [] });
    reply = json(200, { data: { status: 'Denied' } });
    expect(await poll()).toEqual({ kind: 'status', status: 'Denied', companies: [] });
  });

  it('429: rate-limited for retry-after seconds (as the data API’s client reads it); a second when it is absent or unreadable', async () => {
    reply = json(429, { title: 'Too Many Requests' }, { 'retry-after': '7' });
    expect(await poll()).toEqual({ kind: 'rate-limited', retryAfterMs: 7_000 });
    reply = json(429, {});
    expect(await poll()).toEqual({ kind: 'rate-limited', retryAfterMs: 1_000 });
    reply = json(429, {}, { 'retry-after': 'soon' });
    expect(await poll()).toEqual({ kind: 'rate-limited', retryAfterMs: 1_000 });
  });

  it('400: refused (the service does not take this state)', async () => {
    reply = json(400, { errors: { state: ['The State field is required.'] } });
    expect(await poll()).toEqual({ kind: 'refused' });
  });

  it('5xx, a redirect and any other status: unreachable; the redirect is not followed', async () => {
    reply = json(503, 'down');
    expect(await poll()).toEqual({ kind: 'unreachable', reason: 'status' });
    reply = (res) => {
      res.writeHead(307, { location: `${baseUrl}/elsewhere` });
      res.end();
    };
    expect(await poll()).toEqual({ kind: 'unreachable', reason: 'status' });
    expect(seen.map((request) => request.url)).toEqual([
      '/api/integration-subscription/poll',
      '/api/integration-subscription/poll',
    ]);
    reply = json(401, {});
    expect(await poll()).toEqual({ kind: 'unreachable', reason: 'status' });
  });

  it('a malformed body is unreachable, never a throw', async () => {
    const bodies: unknown[] = [
      'not json',
      '',
      { status: 'Pending' },
      { data: { status: 'Waiting' } },
      { data: { status: 'Approved', companies: [] } },
      { data: { status: 'Approved', companies: [{ companyId: 'x1', token: 't' }] } },
      { data: { status: 'Approved', companies: [{ companyId: 10001 }] } },
      {
        data: {
          status: 'Approved',
          companies: [
            { companyId: 10001, token: 'a' },
            { companyId: 10001, token: 'b' },
          ],
        },
      },
      { data: { status: 'Approved', companies: { companyId: 10001, token: 'a' } } },
    ];
    for (const body of bodies) {
      reply = json(200, body);
      expect(await poll(), JSON.stringify(body)).toEqual({ kind: 'unreachable', reason: 'malformed' });
    }
  });

  it('a timeout and a closed port are unreachable', async () => {
    reply = () => {}; // never answers
    expect(await poll({ timeoutMs: 200 })).toEqual({ kind: 'unreachable', reason: 'timeout' });
    const closed = createServer();
    const closedUrl = await listenOnLoopback(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await pollSubscription(STATE, { baseUrl: closedUrl })).toEqual({
      kind: 'unreachable',
      reason: 'network',
    });
  });

  it('never puts the state in the log', () => {
    expect(capturedLogLines.join('\n')).not.toContain(STATE);
  });
});

describe('parsePollBody', () => {
  it('tolerates the post spelling webhookSecret, a company id as digits, and the status in another case', () => {
    const answer: PollAnswer = parsePollBody(
      JSON.stringify({
        data: {
          status: 'approved',
          companies: [{ companyId: '20001', companyName: '', token: 'tok', webhookSecret: 's' }],
        },
      }),
    );
    expect(answer).toEqual({
      kind: 'status',
      status: 'Approved',
      companies: [{ tenantId: '20001', companyName: null, token: 'tok', webhookSecret: 's' }],
    });
  });
});
