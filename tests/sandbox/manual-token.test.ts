import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../sandbox/app';
import type { WebhookKind } from '../../sandbox/webhooks/events';
import { rememberSecret } from '../support/log-capture';
import { startTestSandbox } from '../support/sandbox';
import { expectedSignature, startReceiver } from './webhook-receiver';

/** The sandbox's stand-in for the service's "API connections" settings: a token made by hand, shown once. */
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ webhookRetryDelaysMs: [0, 0] });
});
afterAll(() => sandbox?.close());

const make = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.url}/admin/api-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });

describe('a token made by hand in the sandbox', () => {
  it('is offered on the home page and, once made, works with the data API', async () => {
    expect(await (await fetch(`${sandbox.url}/`)).text()).toContain('action="/admin/api-token"');
    const page = await (await make({ tenantId: '10003', userId: 'jana.novakova@example.sk' })).text();
    const token = rememberSecret(/<code id="token"[^>]*>([^<]+)<\/code>/.exec(page)?.[1] ?? '');
    expect(token).not.toBe('');
    const check = await fetch(`${sandbox.url}/api/auth/check`, { headers: { Authorization: `Bearer ${token}` } });
    expect(check.status).toBe(200);
  });

  it('is refused for an unknown company or user, and for a form posted from another site', async () => {
    expect((await make({ tenantId: '99999', userId: 'jana.novakova@example.sk' })).status).toBe(400);
    expect((await make({ tenantId: '10003', userId: 'nobody' })).status).toBe(400);
    expect(
      (await make({ tenantId: '10003', userId: 'jana.novakova@example.sk' }, { origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
  });
});

describe("the settings' optional notification fields", () => {
  const JANA = 'jana.novakova@example.sk';
  /** The text of `<code id="…">` on the answer page: the token, or the generated key. */
  const codeOf = (page: string, id: string) => new RegExp(`<code id="${id}"[^>]*>([^<]+)</code>`).exec(page)?.[1];

  it('are offered in the form: a URL for receiving notifications and an authorization key', async () => {
    const html = await (await fetch(`${sandbox.url}/`)).text();
    expect(html).toContain('name="webhookUrl"');
    expect(html).toContain('name="webhookSecret"');
  });

  /**
   * Makes a token whose notifications go to a receiver of its own and sends one notification of `kind` with it;
   * answers the page that showed the token, the receiver's URL, the notification's signature, and what a signature
   * with a given key over that notification would be.
   */
  async function makeAndNotify(fields: Record<string, string>, kind: WebhookKind) {
    const receiver = await startReceiver();
    try {
      const url = `${receiver.url}/hook`;
      const page = await (await make({ ...fields, webhookUrl: url })).text();
      await sandbox.webhooks.send({ token: rememberSecret(codeOf(page, 'token') ?? ''), kind });
      const [hook] = receiver.received;
      const signatureWith = (secret: string) => expectedSignature(secret, hook?.raw ?? Buffer.alloc(0));
      return { page, url, signature: hook?.headers['x-kros-signature-256'], signatureWith };
    } finally {
      await receiver.close();
    }
  }

  it('with a URL and no key: a key is generated and shown once beside the token, and notifications are signed with it', async () => {
    const sent = await makeAndNotify({ tenantId: '10002', userId: JANA, webhookSecret: '' }, 'upload-ok');
    const secret = rememberSecret(codeOf(sent.page, 'webhook-secret') ?? '');
    expect(Buffer.from(secret, 'base64')).toHaveLength(32);
    expect(sandbox.webhooks.connections().map((c) => c.url)).toContain(sent.url);
    expect(sent.signature).toBe(sent.signatureWith(secret));
  });

  it('with a URL and a key of your own: the key signs, and it is not repeated on the page', async () => {
    const own = rememberSecret('my-own-authorization-key');
    const sent = await makeAndNotify(
      { tenantId: '10004', userId: 'peter.horvath@example.sk', webhookSecret: own },
      'financial-transaction',
    );
    expect(sent.page).not.toContain(own);
    expect(codeOf(sent.page, 'webhook-secret')).toBeUndefined();
    expect(sent.signature).toBe(sent.signatureWith(own));
  });

  it('without a URL: no webhook and no key; a key without a URL, or a URL that is not http(s), is refused', async () => {
    const page = await (await make({ tenantId: '10001', userId: JANA, webhookUrl: '', webhookSecret: '' })).text();
    expect(codeOf(page, 'webhook-secret')).toBeUndefined();
    expect(sandbox.tokens.lookup(rememberSecret(codeOf(page, 'token') ?? ''))?.webhook).toBeUndefined();
    expect((await make({ tenantId: '10001', userId: JANA, webhookSecret: 'lonely-key' })).status).toBe(400);
    expect((await make({ tenantId: '10001', userId: JANA, webhookUrl: 'ftp://files.example/' })).status).toBe(400);
  });
});
