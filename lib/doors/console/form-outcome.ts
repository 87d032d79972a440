import type { Operator } from '@/lib/doors/console/operator';

/**
 * What a console form's action is to the console's door (lib/doors/console/action.ts), and how its outcome travels
 * back to the form's page: the door stands below the console's feature, so the feature's actions
 * (lib/features/console/form-actions.ts) fit this shape with their own vocabulary of keys and reasons, and the page
 * reads the outcome back against that vocabulary only (lib/features/console/outcome.ts).
 */

export type FormActionOf<Input, Detail, Key extends string, Reason extends string> = {
  key: Key;
  /** The page the form is on: the action goes back there (303) with its outcome in the address. */
  page: string;
  run: (
    operator: Operator,
    input: Input,
  ) => Promise<{ result: 'ok'; detail: Detail } | { result: 'refused' | 'failed'; reason: Reason }>;
  summary: (detail: Detail) => { count: number; note?: Reason };
};

export type ShownOutcomeOf<Key extends string, Reason extends string> =
  | { action: Key; result: 'ok'; count: number; note: Reason | null }
  | { action: Key; result: 'refused' | 'failed'; reason: Reason }
  | { action: Key; result: 'invalid' };

/** A few query parameters of fixed vocabulary (action, result, reason code, a count); no id or secret ever goes in. */
export function outcomeQuery<Key extends string, Reason extends string>(outcome: ShownOutcomeOf<Key, Reason>): string {
  const query = new URLSearchParams({ done: outcome.action, result: outcome.result });
  if (outcome.result === 'ok') {
    query.set('count', String(outcome.count));
    if (outcome.note) query.set('reason', outcome.note);
  }
  if (outcome.result === 'refused' || outcome.result === 'failed') query.set('reason', outcome.reason);
  return query.toString();
}

/** A malformed input, found again by the action itself: the door answers 'invalid', with nothing changed. */
export class ConsoleInputError extends Error {
  override name = 'ConsoleInputError';
  constructor() {
    super('The request is not valid.');
  }
}
