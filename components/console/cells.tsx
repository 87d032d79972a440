import { formatMoment } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';

/** Small pieces the console's tables share. */

export const headCell = 'whitespace-nowrap px-3 py-2 font-semibold';
export const cell = 'px-3 py-2 text-slate-800';

/** One value of a query parameter (a repeated one counts as absent). */
export const one = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** A moment as a `<time>` in the company's zone, or a dash when there is none. */
export function Moment({ at, locale, never }: { at: Date | null; locale: Locale; never: string }) {
  if (!at) return <>{never}</>;
  return <time dateTime={at.toISOString()}>{formatMoment(at, locale)}</time>;
}

/** A moment's cell maker for a table in `locale`: `never` where there is none. */
export function momentsIn(locale: Locale, never: string) {
  return function at(value: Date | null) {
    return <Moment at={value} locale={locale} never={never} />;
  };
}

/** A text with a command in it (`{command}` in the text), the command set as code rather than between backticks. */
export function TextWithCode({ text, mark, code }: { text: string; mark: string; code: string }) {
  const [before, ...rest] = text.split(`{${mark}}`);
  return (
    <>
      {before}
      {rest.length > 0 && (
        <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-900">{code}</code>
      )}
      {rest.join(`{${mark}}`)}
    </>
  );
}
