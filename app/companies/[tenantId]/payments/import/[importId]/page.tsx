import { ImportView } from '@/components/imports/import-view';
import { importsTexts } from '@/lib/base/i18n/imports';
import { loadImportPage } from '@/lib/features/imports/import-page';

import { companyImportPage } from '../../../import-page';

export const dynamic = 'force-dynamic';

/**
 * An import of a bank statement (contract.md, "Uploads"): its lines with their pairing and controls, the summary and
 * "Record N payments in KROS", progress while sending and results per line. Another company's import, an invoices
 * import or an unknown id is the not-found page (404).
 */
const paymentImportPage = companyImportPage({
  title: (locale) => importsTexts[locale].pageTitle,
  load: loadImportPage,
  draw: ({ data, tenantId, t, locale }) => (
    <ImportView data={data} tenantId={tenantId} texts={importsTexts[locale]} money={t.money} locale={locale} />
  ),
});

export const generateMetadata = paymentImportPage.generateMetadata;
export default paymentImportPage.Page;
