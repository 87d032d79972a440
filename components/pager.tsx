import Link from 'next/link';
import type { DocumentTexts } from '@/lib/i18n/documents';
import { fill } from '@/lib/i18n/documents';

const link =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Previous / next without a total (the interface gives none): which records these are, and the two links. */
export function Pager({
  previous,
  next,
  from,
  to,
  texts,
}: {
  previous: string | null;
  next: string | null;
  from: number;
  to: number;
  texts: DocumentTexts;
}) {
  if (!previous && !next && from === 1) return null;
  return (
    <nav aria-label={texts.lists.paging} className="mt-3 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{to >= from ? fill(texts.lists.range, { from, to }) : null}</p>
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
