import type { ConsoleAuditRow } from '@/lib/platform/db/schema';

/**
 * The audit log's vocabulary: the actions an operator can take and how they end. Pure (no database), so the
 * console's filter can list them; the table's column (lib/platform/db/schema.ts, consoleAudit) holds the same words,
 * and the checks below fail the typecheck when the two lists part.
 */

export type AuditAction = ConsoleAuditRow['action'];
export type AuditResult = ConsoleAuditRow['result'];

export const AUDIT_ACTIONS = [
  'end-user-sessions',
  'disconnect-company',
  'resync-company',
  'reencrypt-secrets',
] as const;
export const AUDIT_RESULTS = ['ok', 'failed', 'refused'] as const;

/** `true` only when both unions hold the same words. */
type SameWords<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const actionsMatchTheColumn: SameWords<(typeof AUDIT_ACTIONS)[number], AuditAction> = true;
const resultsMatchTheColumn: SameWords<(typeof AUDIT_RESULTS)[number], AuditResult> = true;
void actionsMatchTheColumn;
void resultsMatchTheColumn;
