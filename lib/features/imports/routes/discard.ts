import 'server-only';

import { localeOf } from '@/lib/base/http/request-locale';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import { companyRoute } from '@/lib/doors/company/route';
import { uploadRefusalPage } from '@/lib/doors/company/upload-refusal';
import { discardImportOf } from '@/lib/features/imports/discard-import';
import { IMPORT_SECTIONS } from '@/lib/features/imports/import-paths';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';

/**
 * `POST …/imports/{importId}/discard` (contract.md, "Uploads"), the "Discard the import" form of a statement's and an
 * invoice import's page alike, through the company's door (our own origin, the session, the session's company: all
 * before anything is read). The form carries no field. 303 to the Imports list saying the import is gone; an import
 * with anything sent, queued or of unknown fate answers a 409 page in the company's frame saying why, with the way
 * back to the import, and changes nothing; another company's import is not found (404).
 */
export const discardImportRoute = companyRoute<{ tenantId: string; importId: string }>(
  { endpoint: 'company.import-discard', form: true },
  async ({ request, params, session, scope, read }) => {
    const answer = await read((db, company) => discardImportOf(db, company, params.importId));
    if (answer.kind === 'discarded') return seeOther(answer.to);
    const locale = localeOf(request);
    const texts = importUploadTexts[locale].discard;
    return uploadRefusalPage({
      session,
      scope,
      // The import's own section (Payments, Invoices) is the current tab.
      place: { section: IMPORT_SECTIONS[answer.importKind], back: () => texts.back, embedded: false },
      locale,
      title: texts.refusedTitle,
      body: texts.refused,
      back: { href: answer.back, label: texts.back },
      refusal: { header: 'X-Import-Refusal', code: 'import-not-discardable' },
      failure: { code: 'conflict' },
    });
  },
);

/** The import's discard address, taken whole by its route file. */
export const discardAddress = { ...otherMethods('POST'), POST: discardImportRoute };
