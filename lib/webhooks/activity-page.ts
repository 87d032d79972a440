import 'server-only';
import { listConnections } from '@/lib/broker/connections';
import { getDb } from '@/lib/db/client';
import { forPage } from '@/lib/db/errors';
import { getEnv } from '@/lib/env';
import { companyReceiver, listCompanyEvents, type CompanyScope } from './activity';
import { receiverAddress } from './address';
import type { WebhookNotification } from './payload';
import { readStoredNotification } from './present';

/** Everything the activity page shows, read in one go (the caller has checked the company: requireCompany). */

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

export type ActivityPage = { events: ActivityEventView[]; receiver: ReceiverView };

export async function loadActivityPage(scope: CompanyScope): Promise<ActivityPage> {
  return forPage(async () => {
    const db = await getDb();
    const [rows, receiver] = await Promise.all([listCompanyEvents(db, scope), companyReceiver(db, scope)]);

    // Companies are named as the user knows them: by the name stored with the connection, and the id.
    const others = new Set([...(receiver?.sharedWith ?? []), ...rows.flatMap((row) => row.tenantIds)]);
    const connections = await listConnections(db, { userId: scope.userId, pluginId: scope.pluginId, tenantIds: [...others] });
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

    let view: ReceiverView;
    if (!receiver) view = { state: 'no-connection' };
    else if (!receiver.webhookId) view = { state: 'no-address' };
    else {
      view = {
        state: 'ready',
        address: receiverAddress(getEnv().appUrl, receiver.webhookId),
        hasSecret: receiver.hasSecret,
        sharedWith: receiver.sharedWith.map(label),
      };
    }
    return { events, receiver: view };
  });
}
