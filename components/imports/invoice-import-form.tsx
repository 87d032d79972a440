import Link from 'next/link';

import type { InvoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from '../detail-parts';

const control =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600';

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
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{f.title}</h2>
        <div className="flex gap-4 text-sm">
          <Link href={companyPath(tenantId, 'invoices')} className={linkClass}>
            {f.back}
          </Link>
          <Link href={companyPath(tenantId, 'imports')} className={linkClass}>
            {f.toImports}
          </Link>
        </div>
      </div>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{f.intro}</p>
      <p className="mt-1 max-w-3xl text-sm text-slate-600" data-formats="">
        {f.formats}
      </p>
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
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="mt-4 max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        data-invoice-import-form=""
      >
        <div>
          <label htmlFor="invoice-file" className="block text-sm font-medium text-slate-700">
            {f.file}
          </label>
          <input
            id="invoice-file"
            type="file"
            name="file"
            required
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className={control}
          />
        </div>
        <p className="text-sm text-slate-600">{f.keptNot}</p>
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring"
        >
          {f.submit}
        </button>
      </form>
    </>
  );
}
