import { Link } from '@/components/link';
import { countOf, type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import { formatMoney } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { Total } from '@/lib/service/records/overview';

/**
 * One figure of the overview: the EUR total, how many documents make it, and where to see them. A figure of only
 * part of the documents (`partial`: the caveat, on this very card) is never shown as if it were the whole: what was
 * counted reads "at least …", and nothing counted yet reads "being counted", never a confident zero.
 */
export function TotalCard({
  title,
  total,
  href,
  tone = 'neutral',
  partial = null,
  texts,
  locale,
}: {
  title: string;
  total: Total;
  href: string;
  tone?: 'neutral' | 'warning';
  partial?: string | null;
  texts: DocumentTexts;
  locale: Locale;
}) {
  const id = `total-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const o = texts.overview;
  const atLeast = (text: string) => (partial ? fill(o.atLeast, { amount: text }) : text);
  const counting = partial !== null && total.count === 0;
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border p-4 shadow-sm ${tone === 'warning' && total.count > 0 ? 'border-rose-200 bg-rose-50/60' : 'border-slate-200 bg-white'}`}
    >
      <h3 id={id} className="text-sm font-medium text-slate-700">
        <Link href={href} className="hover:underline focus-ring">
          {title}
        </Link>
      </h3>
      {counting ? (
        <p className="mt-1 text-2xl font-semibold text-slate-500" data-total-state="counting">
          {o.counting}
        </p>
      ) : (
        <>
          <p
            className="mt-1 text-2xl font-semibold tabular-nums text-slate-900"
            data-total-eur={total.eur}
            data-total-state={partial ? 'at-least' : 'complete'}
          >
            {atLeast(formatMoney(total.eur, 'EUR', locale))}
          </p>
          <p className="text-sm text-slate-600" data-total-count={total.count}>
            {atLeast(countOf(total.count, texts.documents, locale))} · {o.inEur}
          </p>
        </>
      )}
      {total.withoutAmount > 0 && (
        <p className="mt-1 text-xs text-slate-500">
          {fill(texts.overview.withoutAmount, { count: total.withoutAmount })}
        </p>
      )}
      {partial && (
        <p className="mt-1 text-xs text-slate-600" data-total-partial>
          {partial}
        </p>
      )}
    </section>
  );
}
