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

  const connectionsOf = new Map<string, ConnectionOverview[]>();
  for (const row of connections) {
    const key = companyKey(row.pluginId, row.tenantId);
    connectionsOf.set(key, [...(connectionsOf.get(key) ?? []), row]);
  }
  const rows: CompanyRows = {
    launchesOf: grouped(launches),
    connectionsOf,
    mirrorOf: new Map(mirrors.map((row) => [companyKey(row.plugin_id, row.tenant_id), row])),
    recordsOf: grouped(records),
    notificationsOf: new Map(notifications.map((row) => [companyKey(row.plugin_id, row.tenant_id), row])),
    refusalsOf: grouped(refusals),
    refusedCallsOf: grouped(refusedCalls),
  };
  const known = new Map<string, { pluginId: string; tenantId: string }>();
  for (const row of [...mirrors, ...launches, ...notifications])
    known.set(companyKey(row.plugin_id, row.tenant_id), { pluginId: row.plugin_id, tenantId: row.tenant_id });
  for (const row of connections)
    known.set(companyKey(row.pluginId, row.tenantId), { pluginId: row.pluginId, tenantId: row.tenantId });
  return [...known.values()]
    .sort((a, b) => compareText(a.pluginId, b.pluginId) || compareText(a.tenantId, b.tenantId))
    .map(({ pluginId, tenantId }) => companyOf(rows, pluginId, tenantId));
}

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

/** What each owner said, by company (companyKey). */
type CompanyRows = {
  launchesOf: Map<string, Rows<typeof lastLaunches>>;
  connectionsOf: Map<string, ConnectionOverview[]>;
  mirrorOf: Map<string, Rows<typeof allMirrorStates>[number]>;
  recordsOf: Map<string, Rows<typeof allMirroredCounts>>;
  notificationsOf: Map<string, Rows<typeof notificationsByCompany>[number]>;
  refusalsOf: Map<string, Rows<typeof webhookRefusalsByCompany>>;
  refusedCallsOf: Map<string, Rows<typeof lastRefusedCalls>>;
};

function grouped<T extends { plugin_id: string; tenant_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const key = companyKey(row.plugin_id, row.tenant_id);
    map.set(key, [...(map.get(key) ?? []), row]);
  }
  return map;
}

/** One company as the page shows it, from every owner's rows of it. */
function companyOf(rows: CompanyRows, pluginId: string, tenantId: string): ConsoleCompany {
  const key = companyKey(pluginId, tenantId);
  const users = (rows.launchesOf.get(key) ?? []).map((row) => ({
    userId: row.user_id,
    lastLaunchedAt: asDate(row.last_launched_at)!,
  }));
  const companyConnections = (rows.connectionsOf.get(key) ?? []).map(connectionOf);
  const mirror = rows.mirrorOf.get(key);
  const mirrorError = mirror?.last_error_kind
    ? { kind: mirror.last_error_kind, at: asDate(mirror.last_error_at) }
    : null;
  const lastRefusedCall = (outcome: string) =>
    asDate((rows.refusedCallsOf.get(key) ?? []).find((row) => row.outcome === outcome)?.last_hour);
  const notified = rows.notificationsOf.get(key);
  return {
    pluginId,
    tenantId,
    name: (rows.connectionsOf.get(key) ?? []).find((row) => row.companyName)?.companyName ?? null,
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
      lastRefusedCall('unauthorized'),
    ]),
    lastPaymentRequiredAt: latest([
      mirrorError?.kind === 'payment-required' ? mirrorError.at : null,
      lastRefusedCall('payment-required'),
    ]),
    mirror: mirrorFacts(mirror, mirrorError, rows.recordsOf.get(key) ?? []),
    notifications: {
      received: asNumber(notified?.received),
      lastReceivedAt: asDate(notified?.last_received_at),
      refused: refusedOf(rows.refusalsOf.get(key) ?? []),
    },
    keyIds: [...new Set(companyConnections.map((connection) => connection.keyId))].sort(),
  };
}

function connectionOf(row: ConnectionOverview): ConsoleConnection {
  return {
    userId: row.userId,
    state: row.invalidatedAt ? 'invalid' : 'connected',
    source: row.source,
    since: row.deliveredAt,
    refusedAt: row.invalidatedAt,
    keyId: row.keyId,
    hasWebhookSecret: row.hasWebhookSecret,
  };
}

/** The mirror's state and its records per kind (0 for a kind it holds none of). */
function mirrorFacts(
  mirror: Rows<typeof allMirrorStates>[number] | undefined,
  lastError: ConsoleCompany['mirror']['lastError'],
  records: Rows<typeof allMirroredCounts>,
): ConsoleCompany['mirror'] {
  const counted = noRecords();
  for (const row of records) counted[row.kind] = asNumber(row.records);
  return {
    status: mirror?.status ?? 'never',
    fullSyncedAt: asDate(mirror?.full_synced_at),
    lastSyncedAt: asDate(mirror?.last_synced_at),
    lagSeconds: mirror?.lag_seconds === null || mirror?.lag_seconds === undefined ? null : asNumber(mirror.lag_seconds),
    records: counted,
    lastError,
    nextTryAt: asDate(mirror?.next_try_at),
    lastOpenedAt: asDate(mirror?.last_opened_at),
  };
}

/** The notifications refused at the company's address: in all, by reason, and the hour of the latest. */
function refusedOf(rows: Rows<typeof webhookRefusalsByCompany>): ConsoleCompany['notifications']['refused'] {
  const refused = { count: 0, lastAt: null as Date | null, byReason: {} as Record<string, number> };
  for (const row of rows) {
    refused.count += asNumber(row.refused);
    refused.byReason[row.reason] = asNumber(row.refused);
    refused.lastAt = latest([refused.lastAt, asDate(row.last_hour)]);
  }
  return refused;
}

function latest(stamps: (Date | null)[]): Date | null {
  let found: Date | null = null;
  for (const stamp of stamps) if (stamp && (!found || stamp > found)) found = stamp;
  return found;
}
