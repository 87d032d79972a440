import 'server-only';

import { z } from 'zod';

import { ConsoleInputError } from '@/lib/doors/console/form-outcome';
import { reencryptAccessTokens, type RotationOutcome } from '@/lib/features/keys/rotate';
import { type AuditAction, type AuditTarget, writeAudit } from '@/lib/owners/audit/console-audit';
import { forgetCompanyConnections } from '@/lib/owners/connections/overview';
import { hasWorkingConnection } from '@/lib/owners/connections/states';
import { cancelMirrorJobs, sendMirrorSync } from '@/lib/owners/mirror/jobs';
import { purgeMirror } from '@/lib/owners/mirror/retention';
import { revokeUserSessions } from '@/lib/owners/sessions/sessions';
import { VaultError, type VaultKey } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';
import type { CancelJobs, SendJob } from '@/lib/platform/jobs/queue';
import { describeError, getLogger } from '@/lib/platform/log';

/**
 * What an operator may do from the console. Each action validates its input (a malformed one is refused with one
 * generic error and changes nothing, ConsoleInputError), does its work and writes its audit entry, in one transaction
 * where the work is the database's alone. A well-formed action that cannot be done (nothing to act on) changes
 * nothing and is audited as 'refused' with a reason code; one that broke is audited as 'failed'. The caller (a page's
 * server action, through the console's door: lib/doors/console/action.ts) has checked the operator and the form first.
 */

/** Who acts: the signed-in operator (lib/doors/console/operator.ts answers this shape). */
export type Operator = { email: string; name: string | null };

export type ActionOutcome<Detail> =
  | { result: 'ok'; detail: Detail }
  | { result: 'refused'; reason: RefusalReason }
  | { result: 'failed'; reason: FailureReason };

/** Why a well-formed action was not done (audited as 'refused'). */
export const REFUSAL_REASONS = ['no-live-sessions', 'unknown-company', 'not-connected', 'mirror-sync-off'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
/** Why an action broke (audited as 'failed'). */
export const FAILURE_REASONS = ['queue-unavailable', 'unreadable-secret', 'internal'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
/** A note on an action done: a resync found one already waiting (that one will do). */
export const OK_NOTES = ['already-queued'] as const;

export { ConsoleInputError };

const id = z.string().trim().min(1).max(200);
const operatorSchema = z.object({
  email: z.string().trim().min(3).max(320).includes('@'),
  name: z.string().nullable(),
});

export const endUserSessionsInput = z.object({ pluginId: id, userId: id }).strict();
export const companyInput = z.object({ pluginId: id, tenantId: id }).strict();
export const resyncInput = companyInput
  .extend({ mode: z.enum(['auto', 'full', 'reconcile']).default('auto') })
  .strict();
export const reencryptInput = z.object({}).strict();

function parse<T extends z.ZodType>(schema: T, input: unknown, operator: unknown): [z.output<T>, string] {
  const who = operatorSchema.safeParse(operator);
  const what = schema.safeParse(input);
  if (!who.success || !what.success) throw new ConsoleInputError();
  return [what.data, who.data.email];
}

/**
 * Runs an action's work and makes sure it is audited. `work` writes the audit entry of what it did itself (in its
 * transaction); when it throws, whatever it wrote was rolled back and the failure is audited here on its own.
 */
async function audited<Detail>(
  db: Db,
  entry: Entry,
  work: () => Promise<ActionOutcome<Detail>>,
  failureOf: (error: unknown) => FailureReason = () => 'internal',
): Promise<ActionOutcome<Detail>> {
  try {
    return await work();
  } catch (error) {
    const reason = failureOf(error);
    getLogger().error({ action: entry.action, reason, err: describeError(error) }, 'console action failed');
    await writeAudit(db, { ...entry, result: 'failed', reason });
    return { result: 'failed', reason };
  }
}

type Entry = { operator: string; action: AuditAction; target: AuditTarget };

/** A well-formed action with nothing to act on: audited (in the caller's transaction, if any), nothing changed. */
async function refuse(
  tx: Db,
  entry: Entry,
  reason: RefusalReason,
): Promise<{ result: 'refused'; reason: RefusalReason }> {
  await writeAudit(tx, { ...entry, result: 'refused', reason });
  return { result: 'refused', reason };
}

/** An action done: audited in the same transaction as its work, where it has one. */
async function succeed<Detail>(
  tx: Db,
  entry: Entry,
  detail: Detail,
  note: string | null = null,
): Promise<{ result: 'ok'; detail: Detail }> {
  await writeAudit(tx, { ...entry, result: 'ok', reason: note });
  return { result: 'ok', detail };
}

/**
 * Ends every live session of a user of the add-on: their next page answers 401 (the row decides, on every instance:
 * lib/owners/sessions/sessions.ts). Their connections stay; a new launch signs them in again.
 */
export async function endUserSessions(
  db: Db,
  operator: Operator,
  input: unknown,
): Promise<ActionOutcome<{ ended: number }>> {
  const [{ pluginId, userId }, email] = parse(endUserSessionsInput, input, operator);
  const entry = { operator: email, action: 'end-user-sessions' as const, target: { pluginId, userId } };
  return audited(db, entry, () =>
    db.transaction(async (tx) => {
      const ended = await revokeUserSessions(tx, { pluginId, userId });
      if (ended === 0) return refuse(tx, entry, 'no-live-sessions');
      return succeed(tx, entry, { ended });
    }),
  );
}

/**
 * Disconnects a company: forgets every user's token (and webhook secret) for it and erases its mirror, in one
 * transaction, then cancels its mirror's jobs (outside it: on PGlite a queue call inside would wait for the connection
 * the transaction holds). Its pages then say it has no connection; the mirror's tick no longer syncs it (no working
 * connection), and a sync sent later finds no token and stops. A sync running at that moment stops too: here by its
 * signal, on another instance at its next page, which checks in its own transaction that the company is still
 * connected (lib/owners/mirror/page-guard.ts), so nothing it read is written back. The service's side of the connection is
 * not revoked: the gateway delivers a token again at the company's next launch, as for any company without one.
 */
export async function disconnectCompany(
  db: Db,
  operator: Operator,
  input: unknown,
  cancel?: CancelJobs,
): Promise<ActionOutcome<{ tokens: number; documents: number }>> {
  const [company, email] = parse(companyInput, input, operator);
  const entry = { operator: email, action: 'disconnect-company' as const, target: company };
  const outcome = await audited(db, entry, () =>
    db.transaction(async (tx) => {
      const tokens = await forgetCompanyConnections(tx, company);
      const { documents, hadMirror } = await purgeMirror(tx, company);
      if (tokens.length === 0 && !hadMirror && documents === 0) return refuse(tx, entry, 'unknown-company');
      return succeed(tx, entry, { tokens: tokens.length, documents });
    }),
  );
  if (outcome.result === 'ok') await cancelMirrorJobs(company, cancel);
  return outcome;
}

/**
 * Asks for a sync of the company's mirror now, through the job queue (one per company at a time: when one already
 * waits, that one will do, and the entry says 'already-queued'). `auto` syncs what is due, `reconcile` also finds
 * documents deleted at the service, `full` reads everything again. Sent outside any transaction: on PGlite a send
 * inside one would wait for the connection the transaction holds.
 */
export async function resyncCompany(
  db: Db,
  operator: Operator,
  input: unknown,
  send?: SendJob,
): Promise<ActionOutcome<{ jobId: string | null }>> {
  const [{ pluginId, tenantId, mode }, email] = parse(resyncInput, input, operator);
  const company = { pluginId, tenantId };
  const entry = { operator: email, action: 'resync-company' as const, target: { ...company, mode } };
  return audited(
    db,
    entry,
    async () => {
      if (!getEnv().mirrorSync) return refuse(db, entry, 'mirror-sync-off');
      if (!(await hasWorkingConnection(db, company))) return refuse(db, entry, 'not-connected');
      const jobId = await sendMirrorSync(company, mode, send).catch((error: unknown) => {
        throw new QueueUnavailable(error);
      });
      return succeed(db, entry, { jobId }, jobId === null ? OK_NOTES[0] : null);
    },
    (error) => (error instanceof QueueUnavailable ? 'queue-unavailable' : 'internal'),
  );
}

class QueueUnavailable extends Error {
  override name = 'QueueUnavailable';
  constructor(cause: unknown) {
    super('The job queue could not be reached.', { cause });
  }
}

/**
 * Re-encrypts every stored secret (access tokens with their webhook secrets, pending consents' states) under the
 * first key of ENCRYPTION_KEYS, as `npm run keys:rotate` does. Row by row, each a conditional update (a delivery
 * racing it is never overwritten), so not one transaction: a failure half-way leaves the rows done so far re-sealed,
 * all still readable, and running it again finishes the rest.
 */
export async function reencryptSecrets(
  db: Db,
  operator: Operator,
  input: unknown,
  keys: readonly VaultKey[] = getEnv().encryptionKeys,
): Promise<ActionOutcome<RotationOutcome>> {
  const [, email] = parse(reencryptInput, input ?? {}, operator);
  const entry = { operator: email, action: 'reencrypt-secrets' as const, target: { keyId: keys[0]?.id } };
  return audited(
    db,
    entry,
    async () => succeed(db, entry, await reencryptAccessTokens(db, keys)),
    (error) => (error instanceof VaultError ? 'unreadable-secret' : 'internal'),
  );
}
