import 'server-only';

import { redirect } from 'next/navigation';
import { z } from 'zod';

import {
  ConsoleInputError,
  type FormActionOf,
  outcomeQuery,
  type ShownOutcomeOf,
} from '@/lib/doors/console/form-outcome';
import { type Operator, requireOperator } from '@/lib/doors/console/operator';
import { requestEnded } from '@/lib/owners/ops/requests';
import type { RequestLog } from '@/lib/platform/log';

/**
 * The one door of the console's server actions, in the spirit of a validated action with its user:
 * `export const x = operatorAction(schema, formAction)` in app/console/actions.ts. A server action is an endpoint of
 * its own, so each checks the operator first (requireOperator: the allowlist now, not at sign-in); Next refuses one
 * whose Origin is not the request's host (their CSRF protection), and the console's cookie is SameSite=Lax besides.
 * Then the form: its confirmation (the check box of the confirmation step) and the action's fields by the action's
 * zod schema; bad input is one generic outcome ('invalid'), with nothing changed and nothing audited. Then the
 * audited action (lib/features/console/actions.ts, which writes the audit entry in its own transaction), and back to
 * its page (303) with the outcome in the address (./form-outcome.ts; lib/features/console/outcome.ts reads it back). Each action writes the one
 * request line and count (requestEnded), refusals included.
 * `npm run lint` holds every export of app/console/actions.ts to it (eslint.config.mjs, tests/console/door.test.ts).
 */

/** Every form of the console carries its confirmation. */
const confirmation = z.object({ confirmed: z.literal('yes') });

/**
 * The form's fields the schema names, each as text; anything else (absent, a file) is left undefined for the
 * schema to refuse or default. Fields the schema does not name are ignored.
 */
function fieldsOf(form: FormData, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value : undefined];
    }),
  );
}

export function operatorAction<Schema extends z.ZodObject, Detail, Key extends string, Reason extends string>(
  schema: Schema,
  action: FormActionOf<z.output<Schema>, Detail, Key, Reason>,
): (form: FormData) => Promise<never> {
  return async function consoleAction(form: FormData): Promise<never> {
    const started = performance.now();
    const ended = (status: number, log: RequestLog, unexpected?: { error: unknown }) =>
      requestEnded({ endpoint: 'console.action', method: 'POST', status, started, log, unexpected });
    const operator = await requireOperator(({ status, reason }) => ended(status, { action: action.key, reason }));
    let shown: ShownOutcomeOf<Key, Reason>;
    try {
      shown = await outcomeOf(form, schema, action, operator);
    } catch (error) {
      ended(500, { action: action.key, reason: 'unexpected' }, { error });
      throw error;
    }
    ended(303, { action: action.key, reason: 'reason' in shown ? shown.reason : shown.result });
    redirect(`${action.page}?${outcomeQuery(shown)}`);
  };
}

async function outcomeOf<Schema extends z.ZodObject, Detail, Key extends string, Reason extends string>(
  form: FormData,
  schema: Schema,
  action: FormActionOf<z.output<Schema>, Detail, Key, Reason>,
  operator: Operator,
): Promise<ShownOutcomeOf<Key, Reason>> {
  const { key } = action;
  if (!confirmation.safeParse(fieldsOf(form, ['confirmed'])).success) return { action: key, result: 'invalid' };
  const input = schema.safeParse(fieldsOf(form, Object.keys(schema.shape)));
  if (!input.success) return { action: key, result: 'invalid' };
  try {
    const outcome = await action.run(operator, input.data);
    if (outcome.result === 'ok') {
      const { count, note } = action.summary(outcome.detail);
      return { action: key, result: 'ok', count, note: note ?? null };
    }
    return { action: key, result: outcome.result, reason: outcome.reason };
  } catch (error) {
    // The action validates again (the operator too): malformed still means one generic answer, nothing changed.
    if (error instanceof ConsoleInputError) return { action: key, result: 'invalid' };
    throw error;
  }
}
