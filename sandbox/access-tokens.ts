import { randomBytes } from 'node:crypto';

/** Where the service sends a connection's notifications, and the key it signs them with. */
export interface WebhookEndpoint {
  readonly url: string;
  readonly secret: string;
}

export interface IssuedToken {
  /**
   * Opaque id of the connection the token belongs to, for pages, forms and logs that must name a connection without
   * showing its token. Random, so it tells nothing about the token.
   */
  readonly connectionId: string;
  readonly tenantId: string;
  readonly userId: string;
  /** Present when the connection was made with a notification URL (consent `webhook`, manual token settings). */
  readonly webhook?: WebhookEndpoint;
  revoked: boolean;
}

export interface IssueOptions {
  webhook?: WebhookEndpoint;
}

/**
 * The data-API tokens the sandbox has handed out. They are opaque random strings (the real ones happen to be JWTs,
 * but the add-on must never parse them, so the sandbox makes that impossible). One token is one connection.
 */
export interface AccessTokenStore {
  issue(tenantId: string, userId: string, options?: IssueOptions): string;
  lookup(token: string): IssuedToken | undefined;
  /** Every connection, oldest first (copies, without the tokens). */
  connections(): IssuedToken[];
  /** Revokes every token of that company and user, as deleting the connection would; returns how many. */
  revoke(tenantId: string, userId: string): number;
  /** Revokes one token (a delivery that failed); unknown tokens are ignored. */
  revokeToken(token: string): void;
}

export const ACCESS_TOKEN_PREFIX = 'sbx_';

export function createAccessTokenStore(): AccessTokenStore {
  // Insertion order is issue order, which connections() relies on.
  const byToken = new Map<string, IssuedToken>();
  return {
    issue(tenantId, userId, { webhook } = {}) {
      const token = ACCESS_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const connectionId = `conn_${randomBytes(9).toString('base64url')}`;
      byToken.set(token, {
        connectionId,
        tenantId,
        userId,
        ...(webhook ? { webhook: { url: webhook.url, secret: webhook.secret } } : {}),
        revoked: false,
      });
      return token;
    },
    lookup: (token) => byToken.get(token),
    connections: () => [...byToken.values()].map((entry) => ({ ...entry })),
    revoke(tenantId, userId) {
      let count = 0;
      for (const entry of byToken.values()) {
        if (entry.tenantId === tenantId && entry.userId === userId && !entry.revoked) {
          entry.revoked = true;
          count += 1;
        }
      }
      return count;
    },
    revokeToken(token) {
      const entry = byToken.get(token);
      if (entry) entry.revoked = true;
    },
  };
}
