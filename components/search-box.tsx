import { Link } from '@/components/link';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { SEARCH_MAX_LENGTH } from '@/lib/service/records/list-view-kit';

import { linkClass } from './detail-parts';
import { HiddenFields } from './list/kept-parameters';

/**
 * The list's search box: a GET form putting `q` in the list's address beside the view's filters, page size and sort
 * (kept as hidden fields), from the first page. Disabled, with the reason beside it, while the company's mirror cannot
 * answer a search yet.
 */
export function SearchBox({
  action,
  q,
  keep,
  clearHref,
  disabled,
  placeholder,
  texts,
}: {
  action: string;
  q: string;
  keep: Record<string, string>;
  /** The same list without the search, when there is one. */
  clearHref: string | null;
  disabled: boolean;
  /** What the list's search finds (texts.search.placeholders of its kind). */
  placeholder: string;
  texts: DocumentTexts['search'];
}) {
  return (
    <form method="get" action={action} role="search" className="mt-4 flex flex-wrap items-center gap-2" key={q}>
      <label htmlFor="list-search" className="sr-only">
        {texts.label}
      </label>
      <input
        id="list-search"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={placeholder}
        disabled={disabled}
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:bg-slate-100"
      />
      <HiddenFields values={keep} />
      <button
        type="submit"
        disabled={disabled}
        className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring disabled:bg-slate-400"
      >
        {texts.submit}
      </button>
      {clearHref && (
        <Link href={clearHref} className={`text-sm ${linkClass}`}>
          {texts.clear}
        </Link>
      )}
    </form>
  );
}
