import 'server-only';

import type { z } from 'zod';

import type { FormActionOf } from '@/lib/doors/console/form-outcome';
import type { RotationOutcome } from '@/lib/features/keys/rotate';
import { getDb } from '@/lib/platform/db/client';

import {
  type ActionOutcome,
  companyInput,
  disconnectCompany,
  endUserSessions,
  endUserSessionsInput,
  type Operator,
  reencryptInput,
  reencryptSecrets,
  resyncCompany,
  resyncInput,
} from './actions';
import type { ConsoleActionKey, OutcomeReason } from './outcome';

/**
 * What each confirmation form of the console does, for the console's door (lib/doors/console/action.ts): the audited
 * action it runs (./actions.ts, which writes the audit entry in its own transaction), the page that shows its outcome,
 * and what of the action's detail that page says (a count, a note). The database is reached here, not by app/.
 */
export type FormAction<Input, Detail> = FormActionOf<Input, Detail, ConsoleActionKey, OutcomeReason> & {
  page: '/console/users' | '/console/companies';
  run: (operator: Operator, input: Input) => Promise<ActionOutcome<Detail>>;
};

export const endUserSessionsForm: FormAction<z.output<typeof endUserSessionsInput>, { ended: number }> = {
  key: 'endUserSessions',
  page: '/console/users',
  run: async (operator, input) => endUserSessions(await getDb(), operator, input),
  summary: (detail) => ({ count: detail.ended }),
};

export const reencryptSecretsForm: FormAction<z.output<typeof reencryptInput>, RotationOutcome> = {
  key: 'reencryptSecrets',
  page: '/console/users',
  run: async (operator, input) => reencryptSecrets(await getDb(), operator, input),
  summary: (detail) => ({ count: detail.reencrypted + detail.consents }),
};

export const disconnectCompanyForm: FormAction<z.output<typeof companyInput>, { tokens: number; documents: number }> = {
  key: 'disconnectCompany',
  page: '/console/companies',
  run: async (operator, input) => disconnectCompany(await getDb(), operator, input),
  summary: (detail) => ({ count: detail.tokens }),
};

export const resyncCompanyForm: FormAction<z.output<typeof resyncInput>, { jobId: string | null }> = {
  key: 'resyncCompany',
  page: '/console/companies',
  run: async (operator, input) => resyncCompany(await getDb(), operator, input),
  summary: (detail) => (detail.jobId === null ? { count: 0, note: 'already-queued' } : { count: 0 }),
};
