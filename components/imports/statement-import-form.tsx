import { fill } from '@/lib/base/i18n/documents';
import { formatMoment } from '@/lib/base/i18n/format';
import type { ImportUploadTexts } from '@/lib/base/i18n/import-upload';
import type { Locale } from '@/lib/base/i18n/messages';
import { ibanForPeople } from '@/lib/base/iban';
import { CSV_FIELDS } from '@/lib/features/imports/statement-import';
import type { CsvColumnsForm, StatementImportForm } from '@/lib/features/imports/statement-import-form';
import type { PaymentAccountRow } from '@/lib/features/money/queries/accounts';
import { companyPath } from '@/lib/service/records/present';

import { controlClass, FileField, labelClass, UploadForm, UploadFormHeader } from './upload-form';

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
  return (
    <>
      <UploadFormHeader tenantId={tenantId} section="payments" texts={f} />
      <UploadForm
        action={action}
        marker="data-statement-form"
        keptNot={f.keptNot}
        submit={form.csv ? c.submit : f.submit}
      >
        {form.csv && <CsvColumns csv={form.csv} texts={c} locale={locale} />}
        <FileField
          id="statement-file"
          name="statement"
          label={f.file}
          accept=".xml,.sta,.mt940,.txt,.csv,text/xml,application/xml,text/csv,text/plain"
        />
        <AccountField form={form} texts={texts} />
        {!form.csv && form.remembered && <RememberedColumns remembered={form.remembered} texts={c} locale={locale} />}
      </UploadForm>
    </>
  );
}

/**
 * A CSV's columns to confirm: for each field the file's column that holds it, as proposed (the columns remembered for
 * this or another account, when they fit the header), and the currency of amounts that name none.
 */
function CsvColumns({
  csv,
  texts: c,
  locale,
}: {
  csv: CsvColumnsForm;
  texts: ImportUploadTexts['csv'];
  locale: Locale;
}) {
  return (
    <fieldset className="space-y-3" data-csv-columns="">
      <legend className="text-base font-semibold text-slate-900">{c.title}</legend>
      <p className="text-sm text-slate-600">{c.intro}</p>
      {csv.borrowed && <BorrowedColumns borrowed={csv.borrowed} texts={c} locale={locale} />}
      <p className="text-sm text-slate-600">{c.required}</p>
      <input type="hidden" name="csv.confirm" value="1" />
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
        {CSV_FIELDS.map((field) => (
          <div key={field}>
            <label htmlFor={`csv-${field}`} className={labelClass}>
              {c.fields[field]}
            </label>
            <select
              id={`csv-${field}`}
              name={`csv.${field}`}
              defaultValue={csv.proposal[field] ?? ''}
              className={controlClass}
            >
              <option value="">{c.none}</option>
              {csv.header.map((column, at) => (
                <option key={`${at}-${column}`} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div>
          <label htmlFor="csv-currency" className={labelClass}>
            {c.currency}
          </label>
          <input
            id="csv-currency"
            name="csv.defaultCurrency"
            defaultValue={csv.currency}
            maxLength={3}
            pattern="[A-Za-z]{3}"
            className={controlClass}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** The account the payments are recorded into; none chosen: the statement's own (required for a CSV's). */
function AccountField({ form, texts }: { form: StatementImportForm; texts: ImportUploadTexts }) {
  const f = texts.form;
  const c = texts.csv;
  const accounts = form.accounts ?? [];
  return (
    <div>
      <label htmlFor="statement-account" className={labelClass}>
        {f.account}
      </label>
      <select
        id="statement-account"
        name="accountId"
        defaultValue={form.accountId ?? ''}
        required={form.csv !== null}
        className={controlClass}
      >
        <option value="">{form.csv ? c.accountRequired : f.ownAccount}</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {[account.name ?? account.id, account.iban && ibanForPeople(account.iban), account.currency]
              .filter(Boolean)
              .join(' · ')}
          </option>
        ))}
      </select>
      {form.accounts === null && <p className="mt-1 text-sm text-amber-800">{f.accountsUnknown}</p>}
    </div>
  );
}

/** Who confirmed the columns remembered for a CSV and when, and the box to be asked for them again. */
function RememberedColumns({
  remembered,
  texts: c,
  locale,
}: {
  remembered: NonNullable<StatementImportForm['remembered']>;
  texts: ImportUploadTexts['csv'];
  locale: Locale;
}) {
  return (
    <div className="text-sm text-slate-600" data-remembered-columns="">
      <p>
        {fill(c.remembered, {
          who: remembered.confirmedBy,
          date: formatMoment(remembered.confirmedAt, locale),
        })}
      </p>
      <p className="mt-1">{c.change}</p>
      <label className="mt-1 inline-flex items-center gap-2">
        <input type="checkbox" name="csv.ask" value="1" />
        {c.ask}
      </label>
    </div>
  );
}

/** An account as a sentence names it: its name and its IBAN in groups of four. */
const accountWords = (account: PaymentAccountRow) =>
  [account.name ?? account.id, account.iban ? `(${ibanForPeople(account.iban)})` : null].filter(Boolean).join(' ');

/**
 * Which account's remembered columns fill the form in, when the account chosen has none that fit: and that nothing is
 * set for the account chosen, or, with none chosen, that this account is chosen for the file.
 */
function BorrowedColumns({
  borrowed,
  texts,
  locale,
}: {
  borrowed: NonNullable<CsvColumnsForm['borrowed']>;
  texts: ImportUploadTexts['csv'];
  locale: Locale;
}) {
  const account = accountWords(borrowed.account);
  return (
    <div className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900" data-borrowed-columns={borrowed.account.id}>
      {borrowed.chosen && <p>{fill(texts.noneForChosen, { chosen: accountWords(borrowed.chosen) })}</p>}
      <p>
        {fill(texts.borrowed, {
          account,
          who: borrowed.confirmedBy,
          date: formatMoment(borrowed.confirmedAt, locale),
        })}
      </p>
      {!borrowed.chosen && <p className="mt-1 font-medium">{fill(texts.accountFromColumns, { account })}</p>}
    </div>
  );
}
