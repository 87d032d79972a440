import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { readBodyText } from '@/lib/base/http/body';
import { pickLocale } from '@/lib/base/i18n/messages';
import { companyRoute } from '@/lib/doors/company/route';
import { readSendForm } from '@/lib/features/imports/import-actions';
import type { ImportKindForms } from '@/lib/features/imports/import-kinds';
import { importOf } from '@/lib/features/imports/send-lines';
import { importView } from '@/lib/owners/imports/view';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';

/**
 * The addresses every kind of import has alike (contract.md, "Uploads"), made for a kind by its definition
 * (../import-kinds.ts), each through the company's door (companyRoute: our own origin for a form, the session, the
 * session's company, all before the body is read or anything is done):
 * - GET …/{section}/import/{importId} with Accept: application/json (the proxy rewrites it to …/view.json): the
 *   contract's JSON view, problems in the user's language (Accept-Language);
 * - POST …/{section}/import/{importId}/send: the repeated field `line` (none named: every ready line) and the kind's
 *   own fields; 303 back to the import's page saying what happened. A form that is not one answers 400 and changes
 *   nothing.
 * Another company's import, another kind's or an unknown id is not found (404), the one error shape.
 */

export type ImportParams = { tenantId: string; importId: string };

const FORM_LIMIT_BYTES = 1024 * 1024;

/** A page's form as its fields, read by `read`; 400 when the body cannot be read or `read` finds no form in it. */
export async function readImportForm<T>(request: Request, read: (form: URLSearchParams) => T | null): Promise<T> {
  const body = await readBodyText(request, FORM_LIMIT_BYTES).catch(() => null);
  const form = body === null ? null : read(new URLSearchParams(body));
  if (form === null) throw new HttpError('bad_request', 'import_form_invalid');
  return form;
}

/** The JSON view and the send form of one kind's imports, each taken whole by its route file. */
export function importAddresses(definition: ImportKindForms) {
  const view = companyRoute<ImportParams>(
    { endpoint: 'company.import-view', json: true },
    async ({ request, params, read }) => {
      const detail = await read((db, scope) => importOf(db, scope, params.importId, definition.kind));
      const locale = pickLocale(request.headers.get('accept-language'));
      return Response.json(importView(detail, definition.describeProblem(locale)), {
        headers: { 'Cache-Control': 'private, no-store', Vary: 'Accept, Accept-Language' },
      });
    },
  );

  const send = companyRoute<ImportParams>(
    { endpoint: 'company.import-send', form: true },
    async ({ request, params, read }) => {
      const { which, form } = await readImportForm(request, (form) => {
        const which = readSendForm(form);
        return which === null ? null : { which, form };
      });
      return seeOther(await read((db, scope) => definition.send(db, scope, params.importId, which, form)));
    },
  );

  return {
    view: { ...otherMethods('GET'), GET: view },
    send: { ...otherMethods('POST'), POST: send },
  };
}
