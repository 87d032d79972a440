import type { InvoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from '../detail-parts';
import { FileField, UploadForm, UploadFormHeader } from './upload-form';

/**
 * The invoice import form (GET …/invoices/import): the file (`file`, CSV or XLSX), the formats in a sentence, and the
 * templates to start from (template.csv, template.xlsx) with what their columns are. A plain form posted to the page's
 * own address (multipart/form-data), no script.
 */
export function InvoiceImportFormView({ tenantId, texts }: { tenantId: string; texts: InvoiceImportTexts }) {
  const f = texts.form;
  const action = companyPath(tenantId, 'invoices', 'import');
  return (
    <>
      <UploadFormHeader tenantId={tenantId} section="invoices" texts={f} />
      <div className="mt-3 max-w-3xl text-sm text-slate-700" data-templates="">
        <p>
          <span className="font-medium">{f.templates}:</span>{' '}
          {/* Downloads: plain links, so the frame's navigation is not taken over by Next's client router. */}
          <a href={`${action}/template.csv`} className={linkClass} download data-template="csv">
            {f.templateCsv}
          </a>
          {' · '}
          <a href={`${action}/template.xlsx`} className={linkClass} download data-template="xlsx">
            {f.templateXlsx}
          </a>
        </p>
        <p className="mt-1 text-slate-600">{f.templateHint}</p>
      </div>
      <UploadForm action={action} marker="data-invoice-import-form" keptNot={f.keptNot} submit={f.submit}>
        <FileField
          id="invoice-file"
          name="file"
          label={f.file}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        />
      </UploadForm>
    </>
  );
}
