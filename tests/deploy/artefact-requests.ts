import { request } from 'node:http';

import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

/**
 * A launch without a browser, against a running artefact: the sandbox's launch form (its gateway exchanges the JWT
 * and delivers the tokens to the add-on), then the add-on's callback, which answers with the session cookie. The
 * cookie is `__Host-` and Secure, which fetch would drop on http://, so it is handed back as a Cookie header value.
 */
export async function launchSession(sandboxUrl: string, userId: string, tenantIds: string[]): Promise<string> {
  const form = new URLSearchParams({ userId });
  for (const tenantId of tenantIds) form.append('tenantIds', tenantId);
  const launched = await fetch(`${sandboxUrl}/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  await launched.body?.cancel();
  const location = launched.headers.get('location');
  if (launched.status !== 302 || !location) throw new Error(`The sandbox's launch answered ${launched.status}.`);
  const callback = await fetch(location, { redirect: 'manual' });
  await callback.body?.cancel();
  const cookie = (callback.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (callback.status !== 302 || !cookie.startsWith('__Host-')) {
    throw new Error(`The callback answered ${callback.status} without a session cookie.`);
  }
  return cookie;
}

export type SlowRequest = {
  /** Sends the rest of the body; resolves with the answer's status, body and the time it arrived. */
  finish(): Promise<{ status: number; body: string; at: number }>;
};

/**
 * A request the client keeps in flight as long as it likes: the gateway's token delivery (an empty one, which stores
 * nothing), its headers and the first half of its body sent now, the rest on `finish()`. The add-on cannot answer
 * before the whole body is there, so the request is in flight, in the server's hands, until then.
 */
export function startSlowDelivery(url: string): Promise<SlowRequest> {
  const body = Buffer.from(JSON.stringify({ userId: 'artefact-test', pluginId: sandboxDefaults.pluginId, tokens: [] }));
  const half = Math.floor(body.length / 2);
  const outgoing = request(`${url}/api/auth/token-delivery`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': body.length,
      'x-plugin-api-key': sandboxDefaults.pluginApiKey,
    },
  });
  const answer = new Promise<{ status: number; body: string; at: number }>((resolve, reject) => {
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() }),
      );
    });
  });
  const finish = () => {
    outgoing.end(body.subarray(half));
    return answer;
  };
  // In flight once the headers and the first half have left: written, and the socket connected.
  return new Promise((resolve, reject) => {
    outgoing.once('error', reject);
    outgoing.write(body.subarray(0, half), (error) => (error ? reject(error) : resolve({ finish })));
  });
}
