import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * All state that decides who may do what lives here, never in process memory, so several instances agree.
 * Times that decide validity are written by the database clock (`now()`).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** JWT ids already accepted at token-exchange: a `jti` is accepted once only, across all instances. */
export const usedJwtIds = pgTable('used_jwt_ids', {
  jti: text('jti').primaryKey(),
  // Kept until the JWT itself could no longer be valid; pruned after that.
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Launch codes, by SHA-256 only. Consumed rows are kept (replay detection, the delivery window) and pruned later. */
export const launchCodes = pgTable(
  'launch_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id').notNull(),
    tenantIds: text('tenant_ids').array().notNull(),
    pluginId: text('plugin_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('launch_codes_user_plugin_created_idx').on(table.userId, table.pluginId, table.createdAt)],
);

/** Data-API access tokens delivered by the gateway, encrypted (AES-256-GCM, the row identity as AAD). */
export const accessTokens = pgTable(
  'access_tokens',
  {
    userId: text('user_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    pluginId: text('plugin_id').notNull(),
    companyName: text('company_name'),
    keyId: text('key_id').notNull(),
    // base64url of iv (12 bytes) ‖ ciphertext ‖ tag (16 bytes)
    sealedToken: text('sealed_token').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    // Set when the data API rejects the token (revoked or reset connection); a new delivery clears it.
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tenantId, table.pluginId] })],
);

/** Sessions: the cookie holds only the id (sealed); the row decides, so a session can be revoked. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    tenantIds: text('tenant_ids').array().notNull(),
    pluginId: text('plugin_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_expires_idx').on(table.expiresAt)],
);

/** Budgets of failed authentications per source address, shared by all instances (rate-limiter-flexible's shape). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

export type SessionRow = typeof sessions.$inferSelect;


/**
 * Per-token schedules of data-API calls (lib/service/rate/), shared by every instance when DATABASE_URL is set.
 * `token_key` is a fingerprint of the token, never the token. Times are epoch milliseconds of the database clock.
 */
export const dataApiBudgets = pgTable('data_api_budgets', {
  tokenKey: text('token_key').primaryKey(),
  slots: bigint('slots', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
  pausedUntil: bigint('paused_until', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
