import type { ReactNode } from 'react';

import { Link } from '@/components/link';

/**
 * The confirmation step of a console action: the action's button on a page only leads here (a GET, changing
 * nothing); this form, with its required check box, posts the server action. Plain HTML: no client script needed.
 */
export function ConfirmAction({
  title,
  question,
  check,
  submit,
  cancel,
  cancelHref,
  action,
  fields,
  children,
}: {
  title: string;
  question: string;
  check: string;
  submit: string;
  cancel: string;
  cancelHref: string;
  action: (form: FormData) => Promise<never>;
  fields: Record<string, string>;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="console-confirm-title"
      data-testid="console-confirm"
      className="mt-4 max-w-2xl rounded-xl border-2 border-amber-400 bg-amber-50 p-4"
    >
      <h2 id="console-confirm-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-800">{question}</p>
      <form action={action} className="mt-3 flex flex-col gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="confirmed" value="yes" required />
          {check}
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500"
          >
            {submit}
          </button>
          <Link href={cancelHref} className="text-sm text-brand-700 hover:underline">
            {cancel}
          </Link>
        </div>
      </form>
    </section>
  );
}
