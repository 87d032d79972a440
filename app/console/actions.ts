'use server';

import { operatorAction } from '@/lib/doors/console/action';
import { companyInput, endUserSessionsInput, reencryptInput, resyncInput } from '@/lib/features/console/actions';
import {
  disconnectCompanyForm,
  endUserSessionsForm,
  reencryptSecretsForm,
  resyncCompanyForm,
} from '@/lib/features/console/form-actions';

/**
 * The console's actions, as Next server actions posted by the confirmation forms of its pages (no client script
 * needed). Each passes through the console's door (operatorAction: the operator, the form by the action's schema,
 * the audited action, back to its page with the outcome).
 */

export const endUserSessionsAction = operatorAction(endUserSessionsInput, endUserSessionsForm);

export const reencryptSecretsAction = operatorAction(reencryptInput, reencryptSecretsForm);

export const disconnectCompanyAction = operatorAction(companyInput, disconnectCompanyForm);

export const resyncCompanyAction = operatorAction(resyncInput, resyncCompanyForm);
