import 'server-only';

import { localeOf } from '@/lib/base/http/request-locale';
import { fill } from '@/lib/base/i18n/documents';
import { importUploadTexts, refusalTitle } from '@/lib/base/i18n/import-upload';
import { ibanForPeople } from '@/lib/base/iban';
import { companyRoute } from '@/lib/doors/company/route';
import { uploadRefusalPage } from '@/lib/doors/company/upload-refusal';
import { importStatement, readUploadForm, UploadRefused } from '@/lib/features/imports/statement-import';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';
import { companyPath } from '@/lib/service/records/present';

/**
 * POST …/payments/import (next.config.mjs rewrites it to …/payments/import/upload: `uploadForms`), the
 * bank-statement form's upload. Our own origin only, the session's company only, both before the body is read. Then
 * lib/features/imports/statement-import.ts: the statement becomes an import (303 to its page), or a CSV's columns are
 * asked for (303 back to the form with the header's columns), or the file is refused: a 400 page in the company's
 * frame saying why, in the user's language, and the way back to the form; nothing is stored. With every worker of the
 * import reader busy, the same page says to try again shortly, as a 429.
 */

/** At most this many columns of a CSV's header travel back to the form (a bank's export has a dozen or two). */
const MAX_COLUMNS = 60;

/** The form's address with a CSV's header to confirm (base64url JSON: the column names, no row of the file). */
export function mappingFormPath(tenantId: string, accountId: string | null, header: string[]): string {
  const columns = header.slice(0, MAX_COLUMNS).map((column) => column.trim().slice(0, 200));
  const query = new URLSearchParams({ columns: Buffer.from(JSON.stringify(columns)).toString('base64url') });
  if (accountId) query.set('account', accountId);
  return `${companyPath(tenantId, 'payments', 'import')}?${query.toString()}`;
}

export const uploadStatement = companyRoute<{ tenantId: string }>(
  { endpoint: 'company.statement-upload', form: true },
  async ({ request, session, scope, read }) => {
    try {
      const form = await readUploadForm(request);
      const outcome = await read((db, company) => importStatement(db, company, form));
      if (outcome.kind === 'csv-mapping') {
        return seeOther(mappingFormPath(scope.tenantId, outcome.accountId, outcome.header));
      }
      return seeOther(companyPath(scope.tenantId, 'payments', 'import', outcome.importId));
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      const locale = localeOf(request);
      const texts = importUploadTexts[locale].refused;
      const { statementIban, account, rightAccountId } = error.details;
      // The accounts a refusal names (`account_foreign`, `account_mismatch`), as people read them.
      const named = {
        statementIban: statementIban ? ibanForPeople(statementIban) : '',
        account: account?.name ?? '',
        accountIban: account?.iban ? ibanForPeople(account.iban) : texts.noIban,
      };
      const formPath = companyPath(scope.tenantId, 'payments', 'import');
      const body = [
        fill(texts.codes[error.code], {
          ...named,
          ...(error.details.seconds === undefined ? {} : { seconds: error.details.seconds }),
        }),
        error.details.line === undefined ? '' : fill(texts.line, { line: String(error.details.line) }),
        error.details.field === undefined ? '' : fill(texts.field, { field: error.details.field }),
        // Busy is no fault of the file: nothing to correct.
        error.code === 'busy' ? '' : texts.nothingStored,
      ]
        .filter(Boolean)
        .join(' ');
      return uploadRefusalPage({
        session,
        scope,
        place: { section: 'payments', back: () => texts.back, embedded: false },
        locale,
        title: refusalTitle(error.code, texts.titles),
        body,
        // A statement of another of the company's accounts: back to the form with that account chosen.
        back: rightAccountId
          ? {
              href: `${formPath}?${new URLSearchParams({ account: rightAccountId }).toString()}`,
              label: fill(texts.chooseRight, { account: named.statementIban }),
            }
          : { href: formPath, label: texts.back },
        refusal: { header: 'X-Statement-Refusal', code: error.code },
        failure: error.answer,
      });
    }
  },
);

/** The bank statement's upload address, taken whole by its route file. */
export const statementUploadAddress = { ...otherMethods('POST'), POST: uploadStatement };
