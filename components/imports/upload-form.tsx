import type { ReactNode } from 'react';

import { Link } from '@/components/link';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from '../detail-parts';

/**
 * What every import's upload form shows the same way, whatever it uploads (a bank statement, an invoice sheet): its
 * heading with the ways back (the kind's section, the imports' list), the introduction and the formats in a sentence;
 * the form itself, posted to the page's own address as multipart/form-data with no script, ending with the sentence
 * that the file is not kept and the submit button; and its file field.
 */

export const controlClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600';
export const labelClass = 'block text-sm font-medium text-slate-700';

/** The words of the form's frame: each kind's form texts have them. */
export type UploadFormTexts = {
  title: string;
  back: string;
  toImports: string;
  intro: string;
  formats: string;
  keptNot: string;
};

/** The heading, the ways back (the kind's section, then the imports' list), the introduction and the formats. */
export function UploadFormHeader({
  tenantId,
  section,
  texts,
}: {
  tenantId: string;
  /** The kind's section of the company's pages (`payments`, `invoices`). */
  section: string;
  texts: UploadFormTexts;
}) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{texts.title}</h2>
        <div className="flex gap-4 text-sm">
          <Link href={companyPath(tenantId, section)} className={linkClass}>
            {texts.back}
          </Link>
          <Link href={companyPath(tenantId, 'imports')} className={linkClass}>
            {texts.toImports}
          </Link>
        </div>
      </div>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{texts.intro}</p>
      <p className="mt-1 max-w-3xl text-sm text-slate-600" data-formats="">
        {texts.formats}
      </p>
    </>
  );
}

/**
 * The form: its fields (`children`), that the file is not kept, and the submit button. `marker` is the form's own
 * data attribute (`data-statement-form`, `data-invoice-import-form`).
 */
export function UploadForm({
  action,
  marker,
  keptNot,
  submit,
  children,
}: {
  action: string;
  marker: `data-${string}`;
  keptNot: string;
  submit: string;
  children: ReactNode;
}) {
  const attributes: Record<string, string> = { [marker]: '' };
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="mt-4 max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      {...attributes}
    >
      {children}
      <p className="text-sm text-slate-600">{keptNot}</p>
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring"
      >
        {submit}
      </button>
    </form>
  );
}

/** The file to upload: a required file field of `name`, the types it accepts, its label. */
export function FileField({ id, name, label, accept }: { id: string; name: string; label: string; accept: string }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} type="file" name={name} required accept={accept} className={controlClass} />
    </div>
  );
}
