import Link from 'next/link';
import type { DocumentTexts } from '@/lib/i18n/documents';
import { fill } from '@/lib/i18n/documents';
import { formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/messages';

const link =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * Previous / next: which records these are (of how many, when the mirror counted them: the interface gives no
 * total), and the two links.
 */
export function Pager({
  previous,
  next,
  from,
  to,
  total,
  texts,
  locale,
}: {
  previous: string | null;
  next: string | null;
  from: number;
  to: number;
  total?: number;
  texts: DocumentTexts;
  locale: Locale;
}) {
  if (!previous && !next && from === 1) return null;
  return (
    <nav aria-label={texts.lists.paging} className="mt-3 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {to >= from
          ? total === undefined
            ? fill(texts.lists.range, { from, to })
            : fill(texts.lists.rangeOf, { from, to, total: formatNumber(total, locale, 0) })
          : null}
      </p>
      <div className="flex gap-2">
        {previous && (
          <Link href={previous} className={link} rel="prev">
            {texts.lists.previous}
          </Link>
        )}
        {next && (
          <Link href={next} className={link} rel="next">
            {texts.lists.next}
          </Link>
        )}
      </div>
    </nav>
  );
}
