import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { readBodyText } from '@/lib/base/http/body';
import { pickLocale } from '@/lib/base/i18n/messages';
import { companyRoute } from '@/lib/doors/company/route';
import { applyLineForm, readLineForm, readSendForm, sendImportLines } from '@/lib/features/imports/import-actions';
import { importViewIn, readImport } from '@/lib/owners/imports/view';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';

/** The payment import's addresses (app/companies/[tenantId]/payments/import/[importId]/), each through the company's door. */

type ImportParams = { tenantId: string; importId: string };

const FORM_LIMIT_BYTES = 1024 * 1024;

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
    const body = await readBodyText(request, FORM_LIMIT_BYTES).catch(() => null);
    const form = body === null ? null : readLineForm(new URLSearchParams(body));
    if (form === null) throw new HttpError('bad_request', 'import_form_invalid');
    return seeOther(await read((db, scope) => applyLineForm(db, scope, params.importId, form)));
  },
);

/**
 * The import's JSON view (contract.md, "Uploads"): `GET /companies/{tenantId}/payments/import/{importId}` with
 * `Accept: application/json` reaches here by the proxy's rewrite. Problems in the user's language (Accept-Language).
 * The session's company only (403 before any work); another company's, an invoices or an unknown import: 404, the one error shape.
 */
const importView = companyRoute<ImportParams>(
  { endpoint: 'company.import-view', json: true },
  async ({ request, params, read }) => {
    const detail = await read((db, scope) => readImport(db, scope, params.importId));
    if (!detail || detail.kind !== 'payments') throw new HttpError('not_found', 'import_not_found');
    const locale = pickLocale(request.headers.get('accept-language'));
    return Response.json(importViewIn(detail, locale), {
      headers: { 'Cache-Control': 'private, no-store', Vary: 'Accept, Accept-Language' },
    });
  },
);

/**
 * "Record N payments in KROS" (contract.md, "Uploads"): queues the lines named by the repeated field `line` (none
 * named: every ready line) and asks for the company's sender; 303 back to the import's page. Our own pages only,
 * the session's company only (403 before any work); another company's import is not found (404).
 */
const sendLines = companyRoute<ImportParams>(
  { endpoint: 'company.import-send', form: true },
  async ({ request, params, read }) => {
    const body = await readBodyText(request, FORM_LIMIT_BYTES).catch(() => null);
    const which = body === null ? null : readSendForm(new URLSearchParams(body));
    if (which === null) throw new HttpError('bad_request', 'import_form_invalid');
    return seeOther(await read((db, scope) => sendImportLines(db, scope, params.importId, which)));
  },
);

/** Each taken whole by its route file. */
export const paymentImportAddresses = {
  lines: { ...otherMethods('POST'), POST: applyLines },
  view: { ...otherMethods('GET'), GET: importView },
  send: { ...otherMethods('POST'), POST: sendLines },
};
