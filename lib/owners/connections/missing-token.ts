import 'server-only';

import { type SQL, sql } from 'drizzle-orm';

/**
 * The connection facts that other statements embed, so that they stay one round trip and read one snapshot: the
 * launch's token exchange (does some company lack a usable token?), a consent's completion (the asked-for
 * company's name and whether it works) and the companies in use (lib/owners/sessions/live.ts). Each side of a
 * comparison is a value (sent as a parameter) or an outer statement's column, written out in full by the caller:
 * inside the subquery an unqualified `user_id` would be its own.
 */
type Operand = string | SQL;

export type ConnectionOf = { userId: Operand; pluginId: Operand; tenantId: Operand };

function rowOf({ userId, pluginId, tenantId }: ConnectionOf): SQL {
  return sql`a.user_id = ${userId} and a.plugin_id = ${pluginId} and a.tenant_id = ${tenantId}`;
}

/** True when the connection has a token the service has not refused. */
export function hasUsableToken(connection: ConnectionOf): SQL<boolean> {
  return sql<boolean>`exists (select 1 from access_tokens a where ${rowOf(connection)} and a.invalidated_at is null)`;
}

/** True when some user of the add-on has a token for the company that the service has not refused. */
export function companyHasUsableToken({ pluginId, tenantId }: Omit<ConnectionOf, 'userId'>): SQL<boolean> {
  return sql<boolean>`exists (select 1 from access_tokens a
    where a.plugin_id = ${pluginId} and a.tenant_id = ${tenantId} and a.invalidated_at is null)`;
}

/** The company's name as we stored it with its connection (null without one). */
export function storedCompanyName(connection: ConnectionOf): SQL<string | null> {
  return sql<string | null>`(select a.company_name from access_tokens a where ${rowOf(connection)})`;
}

/** True when some company of `tenantIds` (a text[] expression) has no usable token for the user and plugin. */
export function someCompanyLacksToken(owner: { userId: Operand; pluginId: Operand; tenantIds: SQL }): SQL<boolean> {
  const usable = hasUsableToken({ ...owner, tenantId: sql`launched.tenant_id` });
  return sql<boolean>`exists (select 1 from unnest(${owner.tenantIds}) as launched(tenant_id) where not ${usable})`;
}
