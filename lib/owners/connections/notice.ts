import 'server-only';

import { z } from 'zod';

import type { CompaniesScope, CompanyScope } from '@/lib/base/company-scope';
import type { Db } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';

import { connectionRow, connectionRows } from './store';

/**
 * A consent asks the service for one company, but the user chooses at the service and may approve another one too
 * (or instead). A new consent is a new connection at the service, so the approved company's token replaces ours even
 * when ours worked: that must never happen silently. The replaced company keeps a note with its connection, shown on
 * its own page until the connection is stored anew (lib/owners/connections/store.ts clears it).
 */
export const connectionNoticeSchema = z.object({
  kind: z.literal('replaced-by-consent'),
  /** The company whose page the consent was started from, and its name as we knew it. */
  startedFor: z.string(),
  startedForName: z.string().nullable(),
});

export type ConnectionNotice = z.infer<typeof connectionNoticeSchema> & {
  /** When the connection was replaced (the row's delivery time). */
  at: Date;
};

/** Notes on each of `tenantIds` that the consent started for `startedFor` replaced its working connection. */
export async function noteReplacedConnections(
  db: Db,
  scope: CompaniesScope,
  startedFrom: { startedFor: string; startedForName: string | null },
): Promise<void> {
  if (scope.tenantIds.length === 0) return;
  const notice = connectionNoticeSchema.parse({ kind: 'replaced-by-consent', ...startedFrom });
  await db.update(accessTokens).set({ notice }).where(connectionRows(scope));
}

/** The note kept with the company's connection, if any (a value that is not a note is ignored). */
export async function findConnectionNotice(db: Db, identity: CompanyScope): Promise<ConnectionNotice | null> {
  const [row] = await db
    .select({ notice: accessTokens.notice, at: accessTokens.deliveredAt })
    .from(accessTokens)
    .where(connectionRow(identity))
    .limit(1);
  const notice = connectionNoticeSchema.safeParse(row?.notice);
  return row && notice.success ? { ...notice.data, at: row.at } : null;
}
