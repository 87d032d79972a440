import { HttpError } from '@/lib/base/errors';
import { readBodyText } from '@/lib/base/http/body';
import { companyRoute } from '@/lib/doors/company/route';
import { applyLineForm, readLineForm } from '@/lib/features/imports/import-actions';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';

export const dynamic = 'force-dynamic';
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

const FORM_LIMIT_BYTES = 1024 * 1024;

/**
 * The import page's line controls: `action` exclude, include or pair (with `invoice`), for the lines named by the
 * repeated field `line`, or confirm-new (one line probably recorded already, confirmed to be another payment: it is
 * sent); 303 back to the import's page saying what happened. A form that is not one of these answers 400 and changes
 * nothing. Our own pages only, the session's company only (403 before any work); another company's import is not
 * found (404).
 */
export const POST = companyRoute<{ tenantId: string; importId: string }>(
  { endpoint: 'company.import-lines', form: true },
  async ({ request, params, read }) => {
    const body = await readBodyText(request, FORM_LIMIT_BYTES).catch(() => null);
    const form = body === null ? null : readLineForm(new URLSearchParams(body));
    if (form === null) throw new HttpError('bad_request', 'import_form_invalid');
    return seeOther(await read((db, scope) => applyLineForm(db, scope, params.importId, form)));
  },
);
