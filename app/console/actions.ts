'use server';

import { redirect } from 'next/navigation';
import { getDb } from '@/lib/platform/db/client';
import {
  ConsoleInputError,
  disconnectCompany,
  endUserSessions,
  reencryptSecrets,
  resyncCompany,
  type ActionOutcome,
} from '@/lib/features/console/actions';
import { requireOperator } from '@/lib/doors/console/operator';
import { outcomeQuery, type ConsoleActionKey, type ShownOutcome } from '@/lib/features/console/outcome';

/**
 * The console's actions, as Next server actions posted by the confirmation forms of its pages (no client script
 * needed). Next refuses a server action whose Origin is not the request's host, which is their CSRF protection; the
 * console's cookie is SameSite=Lax besides. Each asks requireOperator() first (the allowlist now, not at sign-in),
 * then the lib action (which validates its input and writes the audit entry), then goes back to its page (303) with
 * the outcome in the address.
 */

/** A form field as text; anything else (absent, a file) is left for the lib action's validation to refuse. */
function field(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Runs a lib action unless the form lacks its confirmation (the check box of the confirmation step), and turns its
 * outcome into what the page shows.
 */
async function act<Detail>(
  form: FormData,
  action: ConsoleActionKey,
  work: () => Promise<ActionOutcome<Detail>>,
  summary: (detail: Detail) => { count: number; note?: 'already-queued' },
): Promise<ShownOutcome> {
  if (field(form, 'confirmed') !== 'yes') return { action, result: 'invalid' };
  try {
    const outcome = await work();
    if (outcome.result === 'ok') {
      const { count, note } = summary(outcome.detail);
      return { action, result: 'ok', count, note: note ?? null };
    }
    return { action, result: outcome.result, reason: outcome.reason };
  } catch (error) {
    // Malformed input: one generic answer, nothing changed, nothing audited.
    if (error instanceof ConsoleInputError) return { action, result: 'invalid' };
    throw error;
  }
}

export async function endUserSessionsAction(form: FormData): Promise<never> {
  const operator = await requireOperator();
  const input = { pluginId: field(form, 'pluginId'), userId: field(form, 'userId') };
  const shown = await act(
    form,
    'endUserSessions',
    async () => endUserSessions(await getDb(), operator, input),
    (d) => ({ count: d.ended }),
  );
  redirect(`/console/users?${outcomeQuery(shown)}`);
}

export async function reencryptSecretsAction(form: FormData): Promise<never> {
  const operator = await requireOperator();
  const shown = await act(
    form,
    'reencryptSecrets',
    async () => reencryptSecrets(await getDb(), operator, {}),
    (d) => ({ count: d.reencrypted + d.consents }),
  );
  redirect(`/console/users?${outcomeQuery(shown)}`);
}

export async function disconnectCompanyAction(form: FormData): Promise<never> {
  const operator = await requireOperator();
  const input = { pluginId: field(form, 'pluginId'), tenantId: field(form, 'tenantId') };
  const shown = await act(
    form,
    'disconnectCompany',
    async () => disconnectCompany(await getDb(), operator, input),
    (d) => ({ count: d.tokens }),
  );
  redirect(`/console/companies?${outcomeQuery(shown)}`);
}

export async function resyncCompanyAction(form: FormData): Promise<never> {
  const operator = await requireOperator();
  const input = { pluginId: field(form, 'pluginId'), tenantId: field(form, 'tenantId'), mode: field(form, 'mode') };
  const shown = await act(
    form,
    'resyncCompany',
    async () => resyncCompany(await getDb(), operator, input),
    (d) => (d.jobId === null ? { count: 0, note: 'already-queued' } : { count: 0 }),
  );
  redirect(`/console/companies?${outcomeQuery(shown)}`);
}
