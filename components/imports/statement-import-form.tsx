import Link from 'next/link';

import { fill } from '@/lib/base/i18n/documents';
import { formatMoment } from '@/lib/base/i18n/format';
import type { ImportUploadTexts } from '@/lib/base/i18n/import-upload';
import type { Locale } from '@/lib/base/i18n/messages';
import { CSV_FIELDS } from '@/lib/features/imports/statement-import';
import type { StatementImportForm } from '@/lib/features/imports/statement-import-form';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from '../detail-parts';

const control =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600';
const label = 'block text-sm font-medium text-slate-700';

/**
 * The bank-statement form (GET …/payments/import): the file, the account (default: the statement's own, by its
 * IBAN), the formats in a sentence; and when the upload came back for a CSV's columns, each field's column to
 * confirm (the file chosen again: it is not kept between the two steps). A plain form posted to the page's own address
 * (multipart/form-data), no script.
 */
export function StatementImportFormView({
  form,
  tenantId,
  texts,
  locale,
}: {
  form: StatementImportForm;
  tenantId: string;
  texts: ImportUploadTexts;
  locale: Locale;
}) {
  const f = texts.form;
  const c = texts.csv;
  const action = companyPath(tenantId, 'payments', 'import');
  const accounts = form.accounts ?? [];
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{f.title}</h2>
        <div className="flex gap-4 text-sm">
          <Link href={companyPath(tenantId, 'payments')} className={linkClass}>
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
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="mt-4 max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        data-statement-form=""
      >
        {form.csv && (
          <fieldset className="space-y-3" data-csv-columns="">
            <legend className="text-base font-semibold text-slate-900">{c.title}</legend>
            <p className="text-sm text-slate-600">{c.intro}</p>
            <p className="text-sm text-slate-600">{c.required}</p>
            <input type="hidden" name="csv.confirm" value="1" />
            <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
              {CSV_FIELDS.map((field) => (
                <div key={field}>
                  <label htmlFor={`csv-${field}`} className={label}>
                    {c.fields[field]}
                  </label>
                  <select
                    id={`csv-${field}`}
                    name={`csv.${field}`}
                    defaultValue={form.csv?.proposal[field] ?? ''}
                    className={control}
                  >
                    <option value="">{c.none}</option>
                    {form.csv?.header.map((column, at) => (
                      <option key={`${at}-${column}`} value={column}>
                        {column}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              <div>
                <label htmlFor="csv-currency" className={label}>
                  {c.currency}
                </label>
                <input
                  id="csv-currency"
                  name="csv.defaultCurrency"
                  defaultValue={form.csv.currency}
                  maxLength={3}
                  pattern="[A-Za-z]{3}"
                  className={control}
                />
              </div>
            </div>
          </fieldset>
        )}
        <div>
          <label htmlFor="statement-file" className={label}>
            {f.file}
          </label>
          <input
            id="statement-file"
            type="file"
            name="statement"
            required
            accept=".xml,.sta,.mt940,.txt,.csv,text/xml,application/xml,text/csv,text/plain"
            className={control}
          />
        </div>
        <div>
          <label htmlFor="statement-account" className={label}>
            {f.account}
          </label>
          <select
            id="statement-account"
            name="accountId"
            defaultValue={form.accountId ?? ''}
            required={form.csv !== null}
            className={control}
          >
            <option value="">{form.csv ? c.accountRequired : f.ownAccount}</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {[account.name ?? account.id, account.iban, account.currency].filter(Boolean).join(' · ')}
              </option>
            ))}
          </select>
          {form.accounts === null && <p className="mt-1 text-sm text-amber-800">{f.accountsUnknown}</p>}
        </div>
        {!form.csv && form.remembered && (
          <div className="text-sm text-slate-600" data-remembered-columns="">
            <p>
              {fill(c.remembered, {
                who: form.remembered.confirmedBy,
                date: formatMoment(form.remembered.confirmedAt, locale),
              })}
            </p>
            <p className="mt-1">{c.change}</p>
            <label className="mt-1 inline-flex items-center gap-2">
              <input type="checkbox" name="csv.ask" value="1" />
              {c.ask}
            </label>
          </div>
        )}
        <p className="text-sm text-slate-600">{f.keptNot}</p>
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring"
        >
          {form.csv ? c.submit : f.submit}
        </button>
      </form>
    </>
  );
}
