import 'server-only';

import { cookies } from 'next/headers';
import { forbidden, notFound, redirect } from 'next/navigation';
import { decode } from 'next-auth/jwt';

import { isOperator } from '@/lib/doors/console/allowlist';
import { CONSOLE_SESSION_COOKIE } from '@/lib/doors/console/session-cookie';
import { getEnv } from '@/lib/platform/env';

export type Operator = { email: string; name: string | null };

export type ConsoleSession = { kind: 'none' } | { kind: 'operator'; operator: Operator } | { kind: 'refused' };

/**
 * Who is signed in to the console, read from its own cookie only (the company session is never looked at). The
 * allowlist is asked now, not trusted from the sign-in: `refused` is someone signed in who is not, or no longer, an
 * operator. Throws notFound() when the console is not configured.
 */
export async function consoleSession(): Promise<ConsoleSession> {
  const settings = getEnv().operatorConsole;
  if (!settings) notFound();
  const sealed = (await cookies()).get(CONSOLE_SESSION_COOKIE)?.value;
  if (!sealed || sealed.length > 4096) return { kind: 'none' };
  // next-auth's own decoding (an encrypted JWT under the console's secret; expired or forged → null or a throw).
  const token = await decode({ token: sealed, secret: settings.sessionSecret }).catch(() => null);
  if (!token || typeof token.email !== 'string') return { kind: 'none' };
  if (!isOperator(token.email, settings.operators)) return { kind: 'refused' };
  return {
    kind: 'operator',
    operator: { email: token.email, name: typeof token.name === 'string' ? token.name : null },
  };
}

/**
 * The door of every console page and action: the signed-in operator, or no further. Not configured → 404 (the console
 * does not exist); no console session → the console's sign-in page; signed in but not on the allowlist → 403.
 */
export async function requireOperator(onRefused?: (refusal: OperatorRefusal) => void): Promise<Operator> {
  const session = await consoleSession();
  if (session.kind === 'none') {
    onRefused?.({ status: 303, reason: 'no_session' });
    redirect('/console/sign-in');
  }
  if (session.kind === 'refused') {
    onRefused?.({ status: 403, reason: 'not_operator' });
    forbidden();
  }
  return session.operator;
}

/** How requireOperator answers one who may not pass: to the sign-in page without a session, 403 for one not allowed. */
export type OperatorRefusal = { status: 303 | 403; reason: 'no_session' | 'not_operator' };
