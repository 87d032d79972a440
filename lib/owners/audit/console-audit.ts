import 'server-only';

import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

import type { Db } from '@/lib/platform/db/client';
import { consoleAudit, type ConsoleAuditRow } from '@/lib/platform/db/schema';

import { AUDIT_ACTIONS, AUDIT_RESULTS, type AuditAction, type AuditResult } from './vocabulary';

/**
 * The console's audit log: one entry per action an operator took (lib/features/console/actions.ts), written in the action's
 * transaction where it can be. A target holds ids only (plugin, company, user); a reason is a code. Nothing here may
 * ever hold a secret: the entry is shown to every operator.
 */

export { AUDIT_ACTIONS, AUDIT_RESULTS, type AuditAction, type AuditResult } from './vocabulary';

/** What an action was aimed at: ids only. */
export type AuditTarget = { pluginId?: string; tenantId?: string; userId?: string; mode?: string; keyId?: string };

export type AuditEntry = {
  operator: string;
  action: AuditAction;
  target: AuditTarget;
  result: AuditResult;
  reason?: string | null;
};

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(consoleAudit).values({ ...entry, reason: entry.reason ?? null });
}

const optionalText = z
  .string()
  .trim()
  .max(320)
  .optional()
  .transform((value) => value || undefined);

/** The audit log's filter, as a page's query string gives it (every field optional, text throughout). */
export const auditFilterSchema = z.object({
  operator: optionalText,
  action: z.enum(AUDIT_ACTIONS).optional(),
  tenantId: optionalText,
  result: z.enum(AUDIT_RESULTS).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  /** Entries older than this id (the previous page's `next`). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export type AuditFilter = z.input<typeof auditFilterSchema>;

export type AuditPage = {
  entries: Pick<ConsoleAuditRow, 'id' | 'at' | 'operator' | 'action' | 'target' | 'result' | 'reason'>[];
  /** The `before` of the next (older) page; null on the last. */
  next: number | null;
};

export class AuditFilterError extends Error {
  override name = 'AuditFilterError';
  constructor() {
    super('The audit log filter is not valid.');
  }
}

/**
 * The audit log, newest first, filtered by operator, action, company, result and a date range (`from` inclusive,
 * `to` exclusive), a page at a time. A filter that does not parse is refused as a whole (AuditFilterError).
 */
export async function auditLog(db: Db, filter: AuditFilter = {}): Promise<AuditPage> {
  const parsed = auditFilterSchema.safeParse(filter);
  if (!parsed.success) throw new AuditFilterError();
  const { operator, action, tenantId, result, from, to, before, limit } = parsed.data;
  const conditions: SQL[] = [];
  if (operator) conditions.push(eq(consoleAudit.operator, operator));
  if (action) conditions.push(eq(consoleAudit.action, action));
  if (tenantId) conditions.push(sql`${consoleAudit.target} @> ${JSON.stringify({ tenantId })}::jsonb`);
  if (result) conditions.push(eq(consoleAudit.result, result));
  if (from) conditions.push(gte(consoleAudit.at, from));
  if (to) conditions.push(lt(consoleAudit.at, to));
  if (before) conditions.push(lt(consoleAudit.id, before));
  const rows = await db
    .select()
    .from(consoleAudit)
    .where(and(...conditions))
    .orderBy(desc(consoleAudit.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit);
  return { entries, next: rows.length > limit ? entries[entries.length - 1]!.id : null };
}
