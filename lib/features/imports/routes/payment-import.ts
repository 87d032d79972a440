import 'server-only';

import { companyRoute } from '@/lib/doors/company/route';
import { applyLineForm, readLineForm } from '@/lib/features/imports/import-actions';
import { paymentImportKind } from '@/lib/features/imports/import-kinds';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';

import { importAddresses, type ImportParams, readImportForm } from './import-routes';

/**
 * The payment import's addresses (app/companies/[tenantId]/payments/import/[importId]/), each through the company's
 * door: the JSON view and "Record N payments in KROS" as every kind has them (./import-routes.ts), and the lines form
 * of a statement's page.
 */

/**
 * The import page's line controls: `action` exclude, include or pair (with `invoice`), for the lines named by the
 * repeated field `line`, or confirm-new (one line probably recorded already, confirmed to be another payment: it is
 * sent); 303 back to the import's page saying what happened. A form that is not one of these answers 400 and changes
 * nothing. Our own pages only, the session's company only (403 before any work); another company's import is not
 * found (404).
 */
const applyLines = companyRoute<ImportParams>(
  { endpoint: 'company.import-lines', form: true },
  async ({ request, params, read }) => {
    const form = await readImportForm(request, readLineForm);
    return seeOther(await read((db, scope) => applyLineForm(db, scope, params.importId, form)));
  },
);

/** Each taken whole by its route file. */
export const paymentImportAddresses = {
  lines: { ...otherMethods('POST'), POST: applyLines },
  ...importAddresses(paymentImportKind),
};
