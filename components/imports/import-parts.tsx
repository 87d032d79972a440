import type { ReactNode } from 'react';

import { Link } from '@/components/link';
import { companyToday } from '@/lib/base/calendar';
import { fill } from '@/lib/base/i18n/documents';
import { formatClockTime, formatDay, formatMoment, formatMoney } from '@/lib/base/i18n/format';
import type { ImportsTexts } from '@/lib/base/i18n/imports';
import type { Locale } from '@/lib/base/i18n/messages';
import { type ImportState, LINE_STATES, type LineCounts, type LineState } from '@/lib/base/imports/states';
import type { CurrencySum } from '@/lib/features/imports/import-page-parts';
import type { ImportDetail } from '@/lib/features/imports/views';
import { companyPath } from '@/lib/service/records/present';

import { linkClass, plainLinkClass } from '../detail-parts';
import { type Column, Table } from '../table';

/**
 * What every import's page shows the same way, whatever it uploads (a statement's payments, invoices): its header
 * (title, ways back, file, who, when, state), a line's state as a badge, the summary's frame with the counts per
 * state and the sums to send, why sending stopped (with "Send again"), the progress while lines are on their way (the
 * page refreshing itself), and what the last form did. Each takes the words of its own kind's page.
 */

/** The words these parts need: each kind's page texts have them (lib/base/i18n/imports*.ts, invoice-import*.ts). */
export type ImportPartsTexts = Pick<ImportsTexts, 'states' | 'stateHints' | 'stop' | 'progress'>;

export const primaryButton =
  'rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300 focus-ring';

/** How often the page draws itself again while lines are queued or sent. */
const REFRESH_SECONDS = 4;

export const stateTone: Record<LineState, string> = {
  ready: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  unmatched: 'bg-amber-50 text-amber-900 ring-amber-200',
  invalid: 'bg-rose-50 text-rose-800 ring-rose-200',
  excluded: 'bg-slate-50 text-slate-600 ring-slate-200',
  duplicate: 'bg-slate-50 text-slate-700 ring-slate-300',
  'probably-recorded': 'bg-amber-50 text-amber-900 ring-amber-300',
  queued: 'bg-sky-50 text-sky-800 ring-sky-200',
  sent: 'bg-sky-50 text-sky-800 ring-sky-200',
  done: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  problem: 'bg-rose-50 text-rose-800 ring-rose-200',
};

/** "Record 3 payments", "Odoslať 2 faktúry": the count in the language's plural form. */
export function pluralOf(count: number, forms: ImportsTexts['actions']['record'], locale: Locale): string {
  const rule = new Intl.PluralRules(locale === 'sk' ? 'sk-SK' : 'en-GB').select(count) as keyof typeof forms;
  return fill(forms[rule] ?? forms.other, { count });
}

export function StateBadge({ state, texts }: { state: LineState; texts: ImportPartsTexts }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${stateTone[state]}`}
      title={texts.stateHints[state]}
      data-line-state={state}
    >
      {texts.states[state]}
    </span>
  );
}

/** The lines counted per state (the states given), each with its hint. */
export function StateCounts({
  counts,
  states,
  texts,
}: {
  counts: LineCounts;
  states: readonly LineState[];
  texts: ImportPartsTexts;
}) {
  return (
    <ul className="mt-2 flex flex-wrap gap-2 text-sm">
      {states.map((state) => (
        <li
          key={state}
          className={`rounded px-2 py-1 ring-1 ring-inset ${stateTone[state]}`}
          title={texts.stateHints[state]}
          data-count-state={state}
          data-count={counts[state]}
        >
          {texts.states[state]}: <strong className="tabular-nums">{counts[state]}</strong>
        </li>
      ))}
    </ul>
  );
}

/** Why sending stopped, and "Send again" for the lines waiting in the queue. */
export function StopNotice({
  detail,
  lines,
  action,
  texts,
}: {
  detail: Pick<ImportDetail, 'stopReason' | 'counts'>;
  lines: readonly { line: string; state: LineState }[];
  action: string;
  texts: ImportPartsTexts;
}) {
  if (!detail.stopReason) return null;
  const waiting = detail.counts.queued;
  return (
    <section
      role="alert"
      className="mt-4 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900"
      data-stop-reason={detail.stopReason}
    >
      <h3 className="font-semibold">{texts.stop.title}</h3>
      <p className="mt-1">{texts.stop[detail.stopReason]}</p>
      {waiting > 0 && <p className="mt-1">{fill(texts.stop.waiting, { count: waiting })}</p>}
      {waiting > 0 && (
        <form method="post" action={action} className="mt-2">
          {lines
            .filter((line) => line.state === 'queued')
            .map((line) => (
              <input key={line.line} type="hidden" name="line" value={line.line} />
            ))}
          <button type="submit" className={primaryButton}>
            {texts.stop.again}
          </button>
        </form>
      )}
    </section>
  );
}

/** How far the sending is; the page draws itself again every few seconds (no script: safe under the CSP). */
export function ProgressNotice({ counts, page, texts }: { counts: LineCounts; page: string; texts: ImportPartsTexts }) {
  const onTheirWay = counts.queued + counts.sent;
  const settled = counts.done + counts.problem;
  return (
    <section
      role="status"
      aria-live="polite"
      className="mt-4 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900"
      data-import-progress={`${counts.done}/${onTheirWay + settled}`}
    >
      <p>{fill(texts.progress.sending, { done: counts.done, total: onTheirWay + settled })}</p>
      {counts.sent > 0 && <p className="mt-1">{fill(texts.progress.unconfirmed, { count: counts.sent })}</p>}
      <progress className="mt-2 w-full" max={onTheirWay + settled} value={settled} />
      <Link href={page} className={`mt-1 inline-block ${plainLinkClass}`}>
        {texts.progress.refresh}
      </Link>
      <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
    </section>
  );
}

/**
 * Where sending stands, by one rule for every kind of import (issue 31): `sending` while lines are on their way and the
 * import is not stopped; `toSend` the lines the send button would send; `settled` how many the service confirmed once
 * nothing is on its way any more (0: none).
 */
export function sendingOf(detail: Pick<ImportDetail, 'counts' | 'stoppedAt'>) {
  const { counts } = detail;
  const sending = detail.stoppedAt === null && counts.queued + counts.sent > 0;
  return { sending, toSend: counts.ready, settled: sending ? 0 : counts.done };
}

/** "Being sent" said by the last form's outcome is stale once nothing is on its way: the page says what happened. */
export const outcomeStillTrue = (outcome: string, detail: Pick<ImportDetail, 'counts' | 'stoppedAt'>) =>
  outcome !== 'queued' || sendingOf(detail).sending;

/**
 * The summary's sending part, the same for every kind: what the service recorded once nothing is on its way ("15
 * payments recorded in KROS"), and the sums to send with the send form (`children`) only while there are lines to
 * send: never a greyed "Record 0". While lines are on their way the progress banner says so.
 */
export function SendPart({
  detail,
  settledWords,
  sums,
  locale,
  children,
}: {
  detail: Pick<ImportDetail, 'counts' | 'stoppedAt'>;
  settledWords: ImportsTexts['actions']['record'];
  /** The sums to send, as `ReadySums` says them. */
  sums: Omit<Parameters<typeof ReadySums>[0], 'locale'>;
  locale: Locale;
  children: ReactNode;
}) {
  const { sending, toSend, settled } = sendingOf(detail);
  return (
    <>
      {settled > 0 && (
        <p className="mt-3 text-sm font-medium text-emerald-900" data-settled={settled}>
          {pluralOf(settled, settledWords, locale)}
        </p>
      )}
      {(toSend > 0 || (settled === 0 && !sending)) && <ReadySums {...sums} locale={locale} />}
      {toSend > 0 && children}
    </>
  );
}

/**
 * A sentence with links in it: `<i>…</i>`, `<l>…</l>`, `<d>…</d>` in the template are links to `links.i`, `links.l`,
 * `links.d` (plain text when that link is not given), `{name}` is filled in everywhere.
 */
export function LinkedWords({
  template,
  values,
  links,
}: {
  template: string;
  values: Record<string, string | number>;
  links: Partial<Record<'i' | 'l' | 'd', { href: string; marker: string }>>;
}) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of template.matchAll(/<([ild])>(.*?)<\/\1>/g)) {
    parts.push(fill(template.slice(at, match.index), values));
    const text = fill(match[2]!, values);
    const link = links[match[1] as 'i' | 'l' | 'd'];
    parts.push(
      link ? (
        <Link key={match.index} href={link.href} className={plainLinkClass} data-link={link.marker}>
          {text}
        </Link>
      ) : (
        text
      ),
    );
    at = match.index + match[0].length;
  }
  parts.push(fill(template.slice(at), values));
  return <>{parts}</>;
}

/** When another import was uploaded, as a sentence names it: its time today ("06:56"), else its day too. */
export function whenOf(at: Date, locale: Locale, now = new Date()): string {
  const day = companyToday(at);
  const time = formatClockTime(at, locale);
  return day === companyToday(now) ? time : `${formatDay(day, locale)} ${time}`;
}

/** What the last form did: good news in green, a warning in amber. */
export function OutcomeNotice({ outcome, warn, children }: { outcome: string; warn: boolean; children: ReactNode }) {
  return (
    <p
      role="status"
      className={`mt-3 rounded-md px-3 py-2 text-sm ${warn ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-900'}`}
      data-import-outcome={outcome}
    >
      {children}
    </p>
  );
}

/** The words of an import's header: each kind's page texts have them. */
export type ImportHeaderTexts = {
  title: string;
  importsList: string;
  back: string;
  header: { file: string; by: string; at: string; state: string };
  importStates: Record<ImportState, string>;
};

/**
 * The import's title (its file), the ways back (the imports' list, the kind's section of the company's pages), and
 * its file, who uploaded it and when, what the kind adds (`children`: `dt`/`dd` pairs) and its state.
 */
export function ImportHeader({
  detail,
  tenantId,
  section,
  texts,
  locale,
  children,
}: {
  detail: Pick<ImportDetail, 'fileName' | 'createdBy' | 'createdAt' | 'state'>;
  tenantId: string;
  /** The kind's section of the company's pages (`payments`, `invoices`): the way back. */
  section: string;
  texts: ImportHeaderTexts;
  locale: Locale;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="break-all text-lg font-semibold text-slate-900">
          {fill(texts.title, { file: detail.fileName })}
        </h2>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link href={companyPath(tenantId, 'imports')} className={linkClass}>
            {texts.importsList}
          </Link>
          <Link href={companyPath(tenantId, section)} className={linkClass}>
            {texts.back}
          </Link>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr_max-content_1fr]">
        <dt className="text-slate-600">{texts.header.file}</dt>
        <dd className="break-all text-slate-900">{detail.fileName}</dd>
        <dt className="text-slate-600">{texts.header.by}</dt>
        <dd className="break-all text-slate-900">{detail.createdBy}</dd>
        <dt className="text-slate-600">{texts.header.at}</dt>
        <dd className="text-slate-900">{formatMoment(detail.createdAt, locale)}</dd>
        {children}
        <dt className="text-slate-600">{texts.header.state}</dt>
        <dd className="text-slate-900">{texts.importStates[detail.state]}</dd>
      </dl>
    </>
  );
}

/**
 * The summary's frame: its heading, the counts per state (the kind's `always`, the others once a line is in them),
 * then what the kind adds.
 */
export function ImportSummary({
  label,
  counts,
  always,
  texts,
  children,
}: {
  label: string;
  counts: LineCounts;
  always: readonly LineState[];
  texts: ImportPartsTexts;
  children: ReactNode;
}) {
  const states = LINE_STATES.filter((state) => always.includes(state) || counts[state] > 0);
  return (
    <section
      aria-labelledby="import-summary"
      className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id="import-summary" className="font-medium text-slate-900">
        {label}
      </h3>
      <StateCounts counts={counts} states={states} texts={texts} />
      {children}
    </section>
  );
}

/**
 * "To be sent: 120,00 €, 40,00 $": the ready lines' sums per currency (`data-sum`, `data-currency` each), or that
 * there is none; `marker` is the paragraph's own data attribute (`data-to-send`, `data-to-record`).
 */
export function ReadySums({
  label,
  none,
  sums,
  marker,
  locale,
}: {
  label: string;
  none: string;
  sums: readonly CurrencySum[];
  marker: `data-${string}`;
  locale: Locale;
}) {
  const attributes: Record<string, string> = { [marker]: '' };
  return (
    <p className="mt-3 text-sm text-slate-800" {...attributes}>
      {label}:{' '}
      {sums.length === 0 ? (
        <span className="text-slate-600">{none}</span>
      ) : (
        sums.map((sum, index) => (
          <strong key={sum.currency} className="tabular-nums" data-sum={sum.amount} data-currency={sum.currency}>
            {index > 0 && ', '}
            {formatMoney(sum.amount, sum.currency || null, locale)}
          </strong>
        ))
      )}
    </p>
  );
}

/** The import's lines in a table (stacked as cards on a narrow screen), or that there are none. */
export function ImportLines({
  count,
  empty,
  caption,
  columns,
  children,
}: {
  count: number;
  empty: string;
  caption: string;
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <div className="mt-4">
      {count === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <Table caption={caption} columns={columns} cards="stacked">
          {children}
        </Table>
      )}
    </div>
  );
}

/**
 * An import's page as every kind draws it: the header, what the last form did, why sending stopped (with "Send
 * again" posting to the kind's send form), the progress while lines are on their way, the summary with the send form,
 * and the lines. The kind hands over its own header, notices, summary, columns and rows.
 */
export function ImportFrame({
  detail,
  lines,
  page,
  send,
  inProgress,
  kindMarker,
  header,
  notices,
  summary,
  columns,
  texts,
  children,
}: {
  detail: Pick<ImportDetail, 'id' | 'state' | 'stopReason' | 'counts'>;
  lines: readonly { line: string; state: LineState }[];
  /** The import's page and its send form. */
  page: string;
  send: string;
  inProgress: boolean;
  /** The page's `data-import-kind`, where the kind's page names it. */
  kindMarker?: string;
  header: ReactNode;
  notices: ReactNode;
  summary: ReactNode;
  columns: Column[];
  texts: ImportPartsTexts & { empty: string; caption: string };
  children: ReactNode;
}) {
  return (
    <div data-import-id={detail.id} data-import-state={detail.state} data-import-kind={kindMarker}>
      {header}
      {notices}
      <StopNotice detail={detail} lines={lines} action={send} texts={texts} />
      {inProgress && <ProgressNotice counts={detail.counts} page={page} texts={texts} />}
      {summary}
      <ImportLines count={lines.length} empty={texts.empty} caption={texts.caption} columns={columns}>
        {children}
      </ImportLines>
    </div>
  );
}
