import { outcomeQuery, type ShownOutcomeOf } from '@/lib/doors/console/form-outcome';

import { FAILURE_REASONS, OK_NOTES, REFUSAL_REASONS } from './actions';

/**
 * How an action's outcome travels from its server action to the page it redirects back to: a few query parameters
 * of fixed vocabulary (action, result, reason code, a count). Read back against that vocabulary only, so a crafted
 * address can show nothing but one of the known texts; no id or secret ever goes in.
 */

export const CONSOLE_ACTIONS = ['endUserSessions', 'disconnectCompany', 'resyncCompany', 'reencryptSecrets'] as const;
export type ConsoleActionKey = (typeof CONSOLE_ACTIONS)[number];

const REASONS = [...REFUSAL_REASONS, ...FAILURE_REASONS, ...OK_NOTES] as const;
export type OutcomeReason = (typeof REASONS)[number];

export type ShownOutcome = ShownOutcomeOf<ConsoleActionKey, OutcomeReason>;

/** Written by the console's door when an action redirects back (lib/doors/console/form-outcome.ts). */
export { outcomeQuery };

type Search = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
const known = <T extends string>(list: readonly T[], value: string | undefined): T | undefined =>
  list.find((item) => item === value);

/** The outcome a page's query carries, or null when it carries none (or one that is not of the vocabulary). */
export function readOutcome(search: Search): ShownOutcome | null {
  const action = known(CONSOLE_ACTIONS, one(search.done));
  const result = one(search.result);
  const reason = known(REASONS, one(search.reason));
  if (!action) return null;
  if (result === 'invalid') return { action, result };
  if (result === 'ok') {
    const count = Number(one(search.count) ?? '0');
    return { action, result, count: Number.isSafeInteger(count) && count >= 0 ? count : 0, note: reason ?? null };
  }
  if ((result === 'refused' || result === 'failed') && reason) return { action, result, reason };
  return null;
}
