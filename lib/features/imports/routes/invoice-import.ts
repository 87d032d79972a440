import 'server-only';

import { localeOf } from '@/lib/base/http/request-locale';
import { fill } from '@/lib/base/i18n/documents';
import { fileDay } from '@/lib/base/i18n/format';
import { refusalTitle } from '@/lib/base/i18n/import-upload';
import { describeInvoiceProblem, invoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import { invoiceSheetTexts, sheetRefusalWords } from '@/lib/base/i18n/invoice-sheet';
import { type Locale, pickLocale } from '@/lib/base/i18n/messages';
import type { FilePlace } from '@/lib/doors/company/failure-frame';
import { fileResponse } from '@/lib/doors/company/file-answer';
import { fileAddress } from '@/lib/doors/company/file-answer';
import { companyRoute } from '@/lib/doors/company/route';
import { uploadRefusalPage } from '@/lib/doors/company/upload-refusal';
import { invoiceImportKind } from '@/lib/features/imports/import-kinds';
import { failedRowsCsv } from '@/lib/features/imports/invoices/failed-rows';
import {
  importInvoices,
  invoiceImportOf,
  InvoiceUploadRefused,
  newInvoiceImportPath,
  readInvoiceUploadForm,
} from '@/lib/features/imports/invoices/invoice-import';
import { invoiceTemplateCsv, invoiceTemplateXlsx } from '@/lib/features/imports/invoices/template';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { seeOther } from '@/lib/platform/http/see-other';
import { companyPath } from '@/lib/service/records/present';

import { importAddresses, type ImportParams } from './import-routes';

/**
 * The invoice import's addresses (contract.md, "Uploads"), each through the company's door (companyRoute: our own
 * origin for a form, the session, the session's company, all before the body is read or anything is done):
 * - POST …/invoices/import (next.config.mjs rewrites it to …/invoices/import/upload: `uploadForms`): the
 *   form's upload; 303 to the import's page, or a 400 page in the company's frame saying why, in the user's
 *   language, and the way back to the form; nothing is stored then (a 429 saying to try again shortly when every
 *   worker of the import reader is busy).
 * - GET …/invoices/import/template.csv and template.xlsx: the template, a download.
 * - GET …/invoices/import/{importId}/failed.csv: the rows of the invalid and refused invoices as read, with why.
 * - the JSON view and the send form as every kind has them (./import-routes.ts); the send form's own field is
 *   `overwrite=1`, without which an invoice already at the service is not queued (../import-kinds.ts).
 * Another company's import, a payments import or an unknown id is not found (404).
 */

/** Why an upload was refused, in words: our own `no-file` and `too-slow`, else the sheet reader's (its `too-large` too). */
function refusalWords(error: InvoiceUploadRefused, locale: Locale): string {
  const texts = invoiceImportTexts[locale].refused;
  if (error.code === 'no-file') return texts.noFile;
  if (error.code === 'too-slow') return fill(texts.tooSlow, error.params);
  if (error.code === 'too-complex') return texts.tooComplex;
  if (error.code === 'busy') return texts.busy;
  const params = error.code === 'too-large' ? { limit: '10 MB', ...error.params } : error.params;
  return sheetRefusalWords({ code: error.code, params }, locale);
}

export const uploadInvoices = companyRoute<{ tenantId: string }>(
  { endpoint: 'company.invoice-upload', form: true },
  async ({ request, session, scope, read }) => {
    try {
      const form = await readInvoiceUploadForm(request);
      const created = await read((db, company) => importInvoices(db, company, form));
      return seeOther(newInvoiceImportPath(scope.tenantId, created.importId, created.ignoredColumns));
    } catch (error) {
      if (!(error instanceof InvoiceUploadRefused)) throw error;
      const locale = localeOf(request);
      const texts = invoiceImportTexts[locale].refused;
      return uploadRefusalPage({
        session,
        scope,
        place: { kind: 'invoices', documentId: null, embedded: false },
        locale,
        title: refusalTitle(error.code, texts.titles),
        // Busy is no fault of the file: nothing to correct.
        body:
          error.code === 'busy'
            ? refusalWords(error, locale)
            : [refusalWords(error, locale), texts.nothingStored].join(' '),
        back: { href: companyPath(scope.tenantId, 'invoices', 'import'), label: texts.back },
        refusal: { header: 'X-Invoice-Refusal', code: error.code },
        failure: error.answer,
      });
    }
  },
);

/** Where a failed download of the import belongs: the invoices' section. */
const invoicesPlace = (): FilePlace => ({ kind: 'invoices', documentId: null, embedded: false });

const bytesDownload = (bytes: Uint8Array, contentType: string) => ({
  body: new Response(bytes as Uint8Array<ArrayBuffer>).body!,
  contentType,
  contentLength: bytes.byteLength,
});

const CSV_TYPE = 'text/csv; charset=utf-8';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET …/invoices/import/template.csv or template.xlsx: the template, named in the reader's language. */
export function invoiceTemplate(format: 'csv' | 'xlsx') {
  return companyRoute<{ tenantId: string }>(
    { endpoint: 'company.invoice-template', file: invoicesPlace },
    async ({ request }) => {
      const names = invoiceImportTexts[pickLocale(request.headers.get('accept-language'))].template;
      const bytes =
        format === 'csv' ? new TextEncoder().encode(invoiceTemplateCsv()) : new Uint8Array(await invoiceTemplateXlsx());
      return fileResponse(bytesDownload(bytes, format === 'csv' ? CSV_TYPE : XLSX_TYPE), {
        contentType: format === 'csv' ? CSV_TYPE : XLSX_TYPE,
        fileName: format === 'csv' ? names.fileCsv : names.fileXlsx,
        disposition: 'attachment',
      });
    },
  );
}

/** GET …/invoices/import/{importId}/failed.csv: the failed invoices' rows as read, with a last column saying why. */
export const invoiceFailedRows = companyRoute<ImportParams>(
  { endpoint: 'company.invoice-failed-rows', file: invoicesPlace },
  async ({ request, params, read }) => {
    const detail = await read((db, scope) => invoiceImportOf(db, scope, params.importId));
    const locale = pickLocale(request.headers.get('accept-language'));
    const csv = failedRowsCsv(
      detail.lines,
      // A file: its sentences' days as the exports write days.
      describeInvoiceProblem(locale, (day) => fileDay(day, locale)),
      invoiceSheetTexts[locale].failedRows.why,
    );
    const name = invoiceImportTexts[locale].template.failedFile;
    return fileResponse(bytesDownload(new TextEncoder().encode(csv), CSV_TYPE), {
      contentType: CSV_TYPE,
      fileName: name,
      disposition: 'attachment',
    });
  },
);

/** The invoice import's addresses, each taken whole by its route file (app/companies/[tenantId]/invoices/import/). */
export const invoiceImportAddresses = {
  templates: { csv: fileAddress(invoiceTemplate('csv')), xlsx: fileAddress(invoiceTemplate('xlsx')) },
  upload: { ...otherMethods('POST'), POST: uploadInvoices },
  failedRows: fileAddress(invoiceFailedRows),
  ...importAddresses(invoiceImportKind),
};
