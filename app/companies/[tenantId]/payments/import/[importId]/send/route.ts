import { HttpError } from '@/lib/base/errors';
import { readBodyText } from '@/lib/base/http/body';
import { companyRoute } from '@/lib/doors/company/route';
import { readSendForm, sendImportLines } from '@/lib/features/imports/import-actions';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';

export const dynamic = 'force-dynamic';
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

const FORM_LIMIT_BYTES = 1024 * 1024;

/**
 * "Record N payments in KROS" (contract.md, "Uploads"): queues the lines named by the repeated field `line` (none
 * named: every ready line) and asks for the company's sender; 303 back to the import's page. Our own pages only,
 * the session's company only (403 before any work); another company's import is not found (404).
 */
export const POST = companyRoute<{ tenantId: string; importId: string }>(
  { endpoint: 'company.import-send', form: true },
  async ({ request, params, read }) => {
    const body = await readBodyText(request, FORM_LIMIT_BYTES).catch(() => null);
    const which = body === null ? null : readSendForm(new URLSearchParams(body));
    if (which === null) throw new HttpError('bad_request', 'import_form_invalid');
    return seeOther(await read((db, scope) => sendImportLines(db, scope, params.importId, which)));
  },
);
