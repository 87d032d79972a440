import { randomBytes } from 'node:crypto';

export interface IssuedToken {
  readonly tenantId: string;
  readonly userId: string;
  revoked: boolean;
}

/**
 * The data-API tokens the sandbox has handed out. They are opaque random strings (the real ones happen to be JWTs,
 * but the add-on must never parse them, so the sandbox makes that impossible).
 */
export interface AccessTokenStore {
  issue(tenantId: string, userId: string): string;
  lookup(token: string): IssuedToken | undefined;
  /** Revokes every token of that company and user, as deleting the connection would; returns how many. */
  revoke(tenantId: string, userId: string): number;
  /** Revokes one token (a delivery that failed); unknown tokens are ignored. */
  revokeToken(token: string): void;
}

export const ACCESS_TOKEN_PREFIX = 'sbx_';

export function createAccessTokenStore(): AccessTokenStore {
  const byToken = new Map<string, IssuedToken>();
  return {
    issue(tenantId, userId) {
      const token = ACCESS_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      byToken.set(token, { tenantId, userId, revoked: false });
      return token;
    },
    lookup: (token) => byToken.get(token),
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
