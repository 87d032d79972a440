import 'server-only';

import { allConnections, type ConnectionOverview } from '@/lib/owners/connections/overview';
import type { TokenSource } from '@/lib/owners/connections/store';
import { DOCUMENT_KINDS, type DocumentKind } from '@/lib/owners/mirror/kinds';
import { allMirroredCounts, allMirrorStates } from '@/lib/owners/mirror/overview';
import type { MirrorStatusName } from '@/lib/owners/mirror/state';
import { lastRefusedCalls, webhookRefusalsByCompany } from '@/lib/owners/ops/by-company';
import { OPS_RETENTION_DAYS } from '@/lib/owners/ops/prune';
import { lastLaunches } from '@/lib/owners/sessions/launches';
import { notificationsByCompany } from '@/lib/owners/webhooks/received';
import { type Db, getDb } from '@/lib/platform/db/client';

import { asDate, asNumber, companyKey, compareText } from './rows';

/**
 * The console's Companies page, as plain data: every company the add-on knows of (a launch, a connection, a mirror
 * or a notification names it), what its users did and how its connection and mirror are. Ids, names, times, counts
 * and key ids only: no token, secret or sealed value is ever selected, so none can reach a page.
 */

export type ConsoleConnection = {
  /** Whose connection: each user of a company has their own token (the service may permit them different things). */
  userId: string;
  state: 'connected' | 'invalid';
  source: TokenSource;
  /** When the current token was stored (a delivery, a consent, a pasted token). */
  since: Date;
  /** When the data API last refused this token (401); a new token clears it. */
  refusedAt: Date | null;
  /** The encryption key id its token and webhook secret are sealed under. */
  keyId: string;
  hasWebhookSecret: boolean;
};

export type ConsoleCompany = {
  pluginId: string;
  tenantId: string;
  /** As the service named it with the last connection that carried a name. */
  name: string | null;
  /** Who launched the add-on with this company and when last, the latest first. */
  users: { userId: string; lastLaunchedAt: Date }[];
  lastLaunchedAt: Date | null;
  /** The company's state in one word: some user's token works, all were refused, or none is stored. */
  connectionState: 'connected' | 'invalid' | 'missing';
  connections: ConsoleConnection[];
  /**
   * The last 401: a token refused by the data API (its mark), the mirror's sync stopped by one, or the hour of the
   * last call refused so (the operational records).
   */
  lastUnauthorizedAt: Date | null;
  /**
   * The last 402 (no API package): the mirror's last failure, or the hour of the last call the data API refused so
   * (the operational records, kept 30 days).
   */
  lastPaymentRequiredAt: Date | null;
  mirror: {
    status: MirrorStatusName;
    fullSyncedAt: Date | null;
    lastSyncedAt: Date | null;
    /** Seconds since the last sync that ended well, on the database clock; null before the first. */
    lagSeconds: number | null;
    records: Record<DocumentKind, number>;
    lastError: { kind: string; at: Date | null } | null;
    nextTryAt: Date | null;
    lastOpenedAt: Date | null;
  };
  notifications: {
    /** Notifications stored for the company (kept 90 days: lib/features/upkeep/prune.ts). */
    received: number;
    lastReceivedAt: Date | null;
    /**
     * Notifications refused at the company's receiver address (missing or wrong signature, unreadable payload) over
     * the operational records' window (OPS_RETENTION_DAYS), from ops_webhook_refusals: a few seconds behind
     * (lib/owners/ops/record.ts). `lastAt` is the start of the hour of the latest. One refused at an unknown address names
     * no company and is only in the metrics (webhook receipts by outcome).
     */
    refused: { count: number; lastAt: Date | null; byReason: Record<string, number> };
  };
  /** The encryption key ids the company's stored secrets are sealed under (ids only, never a key). */
  keyIds: string[];
};

const noRecords = () => Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, 0])) as Record<DocumentKind, number>;

/**
 * Every company the add-on knows of (a mirror, a launch, a notification or a connection names it), ordered by add-on
 * and company id. Each table is read through its owner.
 */
export async function consoleCompanies(db?: Db): Promise<ConsoleCompany[]> {
  db ??= await getDb();
  const [launches, connections, mirrors, records, notifications, refusals, refusedCalls] = await Promise.all([
    lastLaunches(db),
    // The sealed columns are never selected (lib/owners/connections/overview.ts).
    allConnections(db),
    allMirrorStates(db),
    allMirroredCounts(db),
    notificationsByCompany(db),
    webhookRefusalsByCompany(db, { days: OPS_RETENTION_DAYS }),
    // Any call the data API refused with 401 or 402, by any instance, to the hour (the operational records).
    lastRefusedCalls(db),
  ]);

  const grouped = <T extends { plugin_id: string; tenant_id: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) {
      const key = companyKey(row.plugin_id, row.tenant_id);
      map.set(key, [...(map.get(key) ?? []), row]);
    }
    return map;
  };
  const launchesOf = grouped(launches);
  const connectionsOf = new Map<string, ConnectionOverview[]>();
  for (const row of connections) {
    const key = companyKey(row.pluginId, row.tenantId);
    connectionsOf.set(key, [...(connectionsOf.get(key) ?? []), row]);
  }
  const known = new Map<string, { pluginId: string; tenantId: string }>();
  for (const row of [...mirrors, ...launches, ...notifications])
    known.set(companyKey(row.plugin_id, row.tenant_id), { pluginId: row.plugin_id, tenantId: row.tenant_id });
  for (const row of connections)
    known.set(companyKey(row.pluginId, row.tenantId), { pluginId: row.pluginId, tenantId: row.tenantId });
  const ordered = [...known.values()].sort(
    (a, b) => compareText(a.pluginId, b.pluginId) || compareText(a.tenantId, b.tenantId),
  );
  const mirrorOf = new Map(mirrors.map((row) => [companyKey(row.plugin_id, row.tenant_id), row]));
  const recordsOf = grouped(records);
  const notificationsOf = new Map(notifications.map((row) => [companyKey(row.plugin_id, row.tenant_id), row]));
  const refusalsOf = grouped(refusals);
  const refusedCallsOf = grouped(refusedCalls);
  const lastRefusedCall = (key: string, outcome: string) =>
    asDate((refusedCallsOf.get(key) ?? []).find((row) => row.outcome === outcome)?.last_hour);

  return ordered.map(({ pluginId, tenantId }) => {
    const key = companyKey(pluginId, tenantId);
    const users = (launchesOf.get(key) ?? []).map((row) => ({
      userId: row.user_id,
      lastLaunchedAt: asDate(row.last_launched_at)!,
    }));
    const companyConnections = (connectionsOf.get(key) ?? []).map((row): ConsoleConnection => ({
      userId: row.userId,
      state: row.invalidatedAt ? 'invalid' : 'connected',
      source: row.source,
      since: row.deliveredAt,
      refusedAt: row.invalidatedAt,
      keyId: row.keyId,
      hasWebhookSecret: row.hasWebhookSecret,
    }));
    const mirror = mirrorOf.get(key);
    const mirrorError = mirror?.last_error_kind
      ? { kind: mirror.last_error_kind, at: asDate(mirror.last_error_at) }
      : null;
    const counted = noRecords();
    for (const row of recordsOf.get(key) ?? []) counted[row.kind] = asNumber(row.records);
    const notified = notificationsOf.get(key);
    const refused = { count: 0, lastAt: null as Date | null, byReason: {} as Record<string, number> };
    for (const row of refusalsOf.get(key) ?? []) {
      refused.count += asNumber(row.refused);
      refused.byReason[row.reason] = asNumber(row.refused);
      refused.lastAt = latest([refused.lastAt, asDate(row.last_hour)]);
    }
    return {
      pluginId,
      tenantId,
      name: (connectionsOf.get(key) ?? []).find((row) => row.companyName)?.companyName ?? null,
      users,
      lastLaunchedAt: users[0]?.lastLaunchedAt ?? null,
      connectionState: companyConnections.some((connection) => connection.state === 'connected')
        ? 'connected'
        : companyConnections.length > 0
          ? 'invalid'
          : 'missing',
      connections: companyConnections,
      lastUnauthorizedAt: latest([
        ...companyConnections.map((connection) => connection.refusedAt),
        mirrorError?.kind === 'unauthorized' ? mirrorError.at : null,
        lastRefusedCall(key, 'unauthorized'),
      ]),
      lastPaymentRequiredAt: latest([
        mirrorError?.kind === 'payment-required' ? mirrorError.at : null,
        lastRefusedCall(key, 'payment-required'),
      ]),
      mirror: {
        status: mirror?.status ?? 'never',
        fullSyncedAt: asDate(mirror?.full_synced_at),
        lastSyncedAt: asDate(mirror?.last_synced_at),
        lagSeconds:
          mirror?.lag_seconds === null || mirror?.lag_seconds === undefined ? null : asNumber(mirror.lag_seconds),
        records: counted,
        lastError: mirrorError,
        nextTryAt: asDate(mirror?.next_try_at),
        lastOpenedAt: asDate(mirror?.last_opened_at),
      },
      notifications: {
        received: asNumber(notified?.received),
        lastReceivedAt: asDate(notified?.last_received_at),
        refused,
      },
      keyIds: [...new Set(companyConnections.map((connection) => connection.keyId))].sort(),
    };
  });
}

function latest(stamps: (Date | null)[]): Date | null {
  let found: Date | null = null;
  for (const stamp of stamps) if (stamp && (!found || stamp > found)) found = stamp;
  return found;
}
