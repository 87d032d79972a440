import type { IncomingMessage, ServerResponse } from 'node:http';

import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

import { escapeHtml, isForm, readBody, sendHtml } from '../http/io';
import { memoryAdapter } from './memory-adapter';
import { operatorPeople } from './people';

/**
 * The organisation's identity provider, for the operators' console: a real OpenID Connect provider (panva's
 * oidc-provider, OpenID certified), so the add-on's sign-in runs the real authorization code flow with PKCE, discovery,
 * a signed ID token and its checks. Mounted under `/oidc` of the sandbox. One confidential client, the add-on's
 * console; the sign-in asks only whom to sign in as (no passwords: it is a sandbox), and consent is implied for that
 * one first-party client, as an organisation's provider configures its own applications.
 */
export const OPERATOR_IDP_PATH = '/oidc';

export interface OperatorIdentityProvider {
  issuer: string;
  /** Answers a request whose path starts with /oidc; false for anything else. */
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
}

export async function createOperatorIdentityProvider(options: {
  origin: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<OperatorIdentityProvider> {
  const issuer = `${options.origin}${OPERATOR_IDP_PATH}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'sandbox-operators', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The scopes' claims in the ID token itself, as most organisations' providers put them.
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, id: string) {
      const person = operatorPeople.find((candidate) => candidate.id === id);
      if (!person) return undefined;
      return {
        accountId: person.id,
        claims: () => ({
          sub: person.id,
          email: person.email,
          ...(person.emailVerified === undefined ? {} : { email_verified: person.emailVerified }),
          name: person.name,
        }),
      };
    },
    // Consent for the one first-party client is implied: a grant of the scopes it asks for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result, provider: self } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return self.Grant.find(grantId);
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${OPERATOR_IDP_PATH}/interaction/${interaction.uid}`,
    },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')] },
    // Short: a sandbox; long enough for a test run.
    ttl: { Session: 60 * 60, Interaction: 15 * 60, Grant: 60 * 60, AccessToken: 10 * 60, IdToken: 10 * 60 },
    renderError(ctx: { type: string; body: string }, out: { error: string; error_description?: string }) {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<p>${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`);
    },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return sendHtml(res, 400, page('Sign-in error', '<p>Unknown sign-in.</p>'));
    if (req.method === 'POST' && action === 'login' && isForm(req)) {
      const accountId = new URLSearchParams(await readBody(req)).get('person') ?? '';
      if (!operatorPeople.some((person) => person.id === accountId)) {
        return sendHtml(res, 400, page('Sign-in error', '<p>Unknown person.</p>'));
      }
      return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    }
    if (req.method === 'POST' && action === 'abort') {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'Cancelled.' });
    }
    if (req.method !== 'GET' || action !== undefined) return sendHtml(res, 405, page('Sign-in', '<p>Not here.</p>'));
    const base = `${OPERATOR_IDP_PATH}/interaction/${encodeURIComponent(uid)}`;
    const choices = operatorPeople
      .map(
        (person) =>
          `<li><button type="submit" name="person" value="${escapeHtml(person.id)}">${escapeHtml(person.name)} &lt;${escapeHtml(person.email)}&gt;</button></li>`,
      )
      .join('');
    sendHtml(
      res,
      200,
      page(
        'Organisation sign-in',
        `<p>The sandbox's identity provider: sign in as one of the organisation's people (no password).</p>
<form method="post" action="${base}/login"><ul>${choices}</ul></form>
<form method="post" action="${base}/abort"><button type="submit">Cancel</button></form>`,
      ),
      // The forms post to the provider itself; a redirect then leads back to the client (the add-on).
      {
        'Content-Security-Policy':
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      },
    );
  }

  return {
    issuer,
    async handle(req, res, pathname) {
      if (pathname !== OPERATOR_IDP_PATH && !pathname.startsWith(`${OPERATOR_IDP_PATH}/`)) return false;
      const own = /^\/oidc\/interaction\/([^/]+)(?:\/(login|abort))?$/.exec(pathname);
      if (own) {
        await interaction(req, res, decodeURIComponent(own[1]!), own[2]);
        return true;
      }
      // oidc-provider finds its mount path by comparing the original address with the one it is handed.
      const original = req.url ?? '/';
      Object.assign(req, { originalUrl: original, url: original.slice(OPERATOR_IDP_PATH.length) || '/' });
      callback(req, res);
      return true;
    },
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}li{list-style:none;margin:.5rem 0}button{font:inherit;padding:.4rem .8rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
