import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import { listConnections } from '@/lib/owners/connections/states';
import { connectionForWork, type WorkConnection } from '@/lib/owners/connections/work';
import { ACTIVITY_LIMIT, listCompanyEvents } from '@/lib/owners/webhooks/activity';
import { receiverAddress } from '@/lib/owners/webhooks/address';
import type { WebhookNotification } from '@/lib/owners/webhooks/payload';
import { readStoredNotification } from '@/lib/owners/webhooks/present';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

/** How many of the newest notifications the page shows (the owner reads no more). */
export { ACTIVITY_LIMIT };

export type ActivityEventView = {
  key: string;
  receivedAt: Date;
  notification: WebhookNotification;
  /** Every company the notification is attributed to, when it is more than this one (they share a secret). */
  sharedBy: string[];
};

/**
 * Where the service should send the company's notifications. The address is public (a notification is believed only
 * when signed with the connection's secret); of the secret only whether one is stored.
 */
export type ReceiverView =
  | { state: 'no-connection' }
  | { state: 'no-address' }
  | { state: 'ready'; address: string; hasSecret: boolean; sharedWith: string[] };

/**
 * The connection that does the company's work (its copy's sync, imports): how it came and whose it is, never the
 * token (lib/owners/connections/work.ts chooses it); null when none may. `ownUnproven`: the user's own pasted token
 * is not yet shown to belong to the company, so it sends only their imports.
 */
export type DriverView = {
  connection: (WorkConnection & { mine: boolean }) | null;
  ownUnproven: boolean;
};

export type ActivityPageData = { events: ActivityEventView[]; receiver: ReceiverView; driver: DriverView };

/**
 * What the activity page shows, in one round of four queries: the company's events, the session's connections
 * (the company's receiver address, the companies that share it, and everyone's names), and the connection that does
 * the company's work (and the one that would do this user's). The caller has checked the
 * company (requireCompany). Connections carry no secret, only whether one is stored.
 */
export async function loadActivityPage(
  db: Db,
  scope: CompanyScope & { tenantIds: readonly string[] },
): Promise<ActivityPageData> {
  const [rows, connections, driving, own] = await Promise.all([
    listCompanyEvents(db, scope),
    listConnections(db, scope),
    connectionForWork(db, scope),
    connectionForWork(db, scope, { userId: scope.userId }),
  ]);
  const driver: DriverView = {
    connection: driving && { ...driving, mine: driving.userId === scope.userId },
    ownUnproven: own !== null && own.userId === scope.userId && !own.bound,
  };
  // Companies are named as the user knows them: by the name stored with the connection, and the id.
  const names = new Map(connections.map((connection) => [connection.tenantId, connection.name]));
  const label = (tenantId: string) => {
    const name = names.get(tenantId);
    return name ? `${name} (${tenantId})` : tenantId;
  };

  const events = rows.map((row) => ({
    key: `${row.webhookId} ${row.eventKey}`,
    receivedAt: row.receivedAt,
    notification: readStoredNotification(row.kind, row.payload),
    sharedBy: row.tenantIds.length > 1 ? row.tenantIds.map(label) : [],
  }));

  const company = connections.find((connection) => connection.tenantId === scope.tenantId);
  let receiver: ReceiverView;
  if (!company || company.state === 'missing') receiver = { state: 'no-connection' };
  else if (!company.webhookId) receiver = { state: 'no-address' };
  else {
    receiver = {
      state: 'ready',
      address: receiverAddress(getEnv().appUrl, company.webhookId),
      hasSecret: company.hasWebhookSecret,
      sharedWith: connections
        .filter((other) => other.tenantId !== company.tenantId && other.webhookId === company.webhookId)
        .map((other) => label(other.tenantId)),
    };
  }
  return { events, receiver, driver };
}
