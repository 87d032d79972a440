import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import { importsTexts, problemWords } from '@/lib/base/i18n/imports';
import { describeInvoiceProblem } from '@/lib/base/i18n/invoice-import';
import type { Locale } from '@/lib/base/i18n/messages';
import type { ImportKind } from '@/lib/base/imports/states';
import type { DescribeProblem } from '@/lib/owners/imports/view';
import type { Db } from '@/lib/platform/db/client';

import { sendImportLines } from './import-actions';
import { sendInvoiceLines } from './invoices/invoice-import';

/**
 * What the import kit's shared addresses (./routes/import-routes.ts: the JSON view, the send form) ask of a kind, one
 * record per kind. The owner's side of a kind (its upload, how its lines are confirmed) is
 * lib/owners/imports/kinds.ts; the kind's page and its own forms (a statement's pairing, the invoices' template) stay
 * in its own files. See docs/architecture.md, "The import kit: adding a kind".
 */
export type ImportKindForms = {
  kind: ImportKind;
  /** A line's problem in the user's words, as the kind's page says it (the JSON view says it alike). */
  describeProblem: (locale: Locale) => DescribeProblem;
  /**
   * The page's send form: queues the lines named (`all-ready`: every ready line) and asks for the company's sender;
   * the form's other fields are the kind's own. Answers the page's address to go back to (303).
   */
  send: (
    db: Db,
    scope: CompanyScope,
    importId: string,
    which: string[] | 'all-ready',
    form: URLSearchParams,
  ) => Promise<string>;
};

/** A bank statement's payments (`…/payments/import/{importId}`). */
export const paymentImportKind: ImportKindForms = {
  kind: 'payments',
  describeProblem: (locale) => (problem) => problemWords(problem, importsTexts[locale]),
  send: (db, scope, importId, which) => sendImportLines(db, scope, importId, which),
};

/** Invoices from a spreadsheet (`…/invoices/import/{importId}`): `overwrite=1` confirms overwriting those at KROS. */
export const invoiceImportKind: ImportKindForms = {
  kind: 'invoices',
  describeProblem: (locale) => describeInvoiceProblem(locale),
  send: (db, scope, importId, which, form) =>
    sendInvoiceLines(db, scope, importId, which, form.get('overwrite') === '1'),
};
