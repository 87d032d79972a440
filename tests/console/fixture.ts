import { randomBytes } from 'node:crypto';

import { sql } from 'drizzle-orm';

import { storeAccessTokens } from '@/lib/owners/connections/store';
import { sha256Hex } from '@/lib/platform/crypto/digest';
import type { VaultKey } from '@/lib/platform/crypto/vault';
import { type Db, rowsOf } from '@/lib/platform/db/client';

import { API_KEY, PLUGIN_ID } from '../support/broker';
import { rememberSecret } from '../support/log-capture';

/**
 * What the console's tests look at, written the way the add-on writes it: tokens through lib/owners/connections' store
 * (sealed), launch codes by their hash, sessions and notifications as rows. Every secret handed out is kept in
 * `secrets`, so a test can prove that none of them reaches a read model or the audit log.
 */

export const JANA = 'jana.novakova@example.sk';
export const PETER = 'peter.horvath@example.sk';
export { PLUGIN_ID };

export type ConsoleFixture = {
  secrets: string[];
  sessionIds: Record<'janaLive' | 'janaRevoked' | 'peterIdle', string>;
};

const secret = (prefix: string) => rememberSecret(`${prefix}-${randomBytes(18).toString('base64url')}`);

export async function seedConsole(db: Db, keys: readonly VaultKey[]): Promise<ConsoleFixture> {
  const secrets: string[] = [API_KEY];
  const keep = (value: string) => (secrets.push(value), value);

  // Company 10001: Jana's token from the gateway (with a webhook secret), Peter's from a consent, later refused (401).
  await storeAccessTokens(
    db,
    [
      {
        userId: JANA,
        tenantId: '10001',
        pluginId: PLUGIN_ID,
        accessToken: keep(secret('token-jana')),
        companyName: 'Alfa s.r.o.',
        webhookSecret: keep(secret('hook-jana')),
      },
    ],
    keys,
    { source: 'gateway' },
  );
  await storeAccessTokens(
    db,
    [
      {
        userId: PETER,
        tenantId: '10001',
        pluginId: PLUGIN_ID,
        accessToken: keep(secret('token-peter')),
        companyName: null,
      },
    ],
    keys,
    { source: 'consent' },
  );
  await db.execute(sql`
    update access_tokens set invalidated_at = now() - interval '5 minutes' where user_id = ${PETER}`);
  // Company 10003: Peter's pasted token, working.
  await storeAccessTokens(
    db,
    [
      {
        userId: PETER,
        tenantId: '10003',
        pluginId: PLUGIN_ID,
        accessToken: keep(secret('token-p3')),
        companyName: 'Gama',
      },
    ],
    keys,
    { source: 'pasted' },
  );
  const sealed = rowsOf<{ sealed_token: string; sealed_webhook_secret: string | null }>(
    await db.execute(sql`select sealed_token, sealed_webhook_secret from access_tokens`),
  );
  for (const row of sealed) {
    keep(row.sealed_token);
    if (row.sealed_webhook_secret) keep(row.sealed_webhook_secret);
  }

  // Launches (codes used, each opening a session below): Jana with 10001 and 10002 an hour ago, Peter with 10001 and
  // 10003 five hours ago.
  const launchCode = async (userId: string, tenantIds: string[], minutesAgo: number) => {
    const code = keep(secret('code'));
    await db.execute(sql`
      insert into launch_codes (code_hash, user_id, tenant_ids, plugin_id, created_at, expires_at, consumed_at)
      values (${sha256Hex(code)}, ${userId}, ${sql.raw(arrayOf(tenantIds))}, ${PLUGIN_ID},
              now() - make_interval(mins => ${minutesAgo}), now() + interval '1 minute', now())`);
  };
  await launchCode(JANA, ['10001', '10002'], 60);
  await launchCode(PETER, ['10001', '10003'], 301);

  const session = async (
    userId: string,
    tenantIds: string[],
    times: { createdMinutesAgo: number; seenMinutesAgo: number; revoked?: boolean },
  ) => {
    const id = keep(secret('session'));
    await db.execute(sql`
      insert into sessions (id, user_id, tenant_ids, plugin_id, created_at, expires_at, last_seen_at, revoked_at)
      values (${id}, ${userId}, ${sql.raw(arrayOf(tenantIds))}, ${PLUGIN_ID},
              now() - make_interval(mins => ${times.createdMinutesAgo}), now() + interval '8 hours',
              now() - make_interval(mins => ${times.seenMinutesAgo}),
              ${times.revoked ? sql`now()` : null})`);
    return id;
  };
  const sessionIds = {
    janaRevoked: await session(JANA, ['10001', '10002'], { createdMinutesAgo: 59, seenMinutesAgo: 50, revoked: true }),
    janaLive: await session(JANA, ['10001'], { createdMinutesAgo: 1, seenMinutesAgo: 0 }),
    peterIdle: await session(PETER, ['10001', '10003'], { createdMinutesAgo: 300, seenMinutesAgo: 200 }),
  };

  // Mirrors: 10001 ready, synced ten minutes ago, with documents; 10002 paused by a 402.
  await db.execute(sql`
    insert into mirror_companies (plugin_id, tenant_id, status, full_synced_at, last_synced_at, next_try_at)
    values (${PLUGIN_ID}, '10001', 'ready', now() - interval '1 day', now() - interval '10 minutes', null)`);
  await db.execute(sql`
    insert into mirror_companies (plugin_id, tenant_id, status, last_error_kind, last_error_at, next_try_at)
    values (${PLUGIN_ID}, '10002', 'paused', 'payment-required', now() - interval '2 hours', now() + interval '22 hours')`);
  await db.execute(sql`
    insert into mirror_documents (plugin_id, tenant_id, kind, id, record) values
      (${PLUGIN_ID}, '10001', 'invoices', '1', '{}'::jsonb),
      (${PLUGIN_ID}, '10001', 'invoices', '2', '{}'::jsonb),
      (${PLUGIN_ID}, '10001', 'expenses', 'e1', '{}'::jsonb),
      (${PLUGIN_ID}, '10002', 'invoices', '1', '{}'::jsonb)`);
  await db.execute(sql`
    insert into mirror_reference (plugin_id, tenant_id, kind, data)
    values (${PLUGIN_ID}, '10001', 'warehouses', '[]'::jsonb)`);

  // Notifications: two for 10001, one that both 10001 and 10002 verified (a shared secret).
  const notification = async (eventKey: string, tenantIds: string[], minutesAgo: number) => {
    await db.execute(sql`
      insert into webhook_events (webhook_id, event_key, user_id, plugin_id, tenant_ids, kind, payload, received_at)
      values ('hook-address-0000001', ${eventKey}, ${JANA}, ${PLUGIN_ID}, ${sql.raw(arrayOf(tenantIds))}, 'payment',
              '{}'::jsonb, now() - make_interval(mins => ${minutesAgo}))`);
  };
  await notification('e1', ['10001'], 30);
  await notification('e2', ['10001'], 3);
  await notification('e3', ['10001', '10002'], 20);

  return { secrets, sessionIds };
}

/** A text[] literal of plain ids (digits only here). */
function arrayOf(values: string[]): string {
  if (!values.every((value) => /^[0-9]+$/.test(value))) throw new Error('test ids are digits');
  return `array[${values.map((value) => `'${value}'`).join(', ')}]::text[]`;
}
