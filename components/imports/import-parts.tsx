import Link from 'next/link';
import type { ReactNode } from 'react';

import { fill } from '@/lib/base/i18n/documents';
import type { ImportsTexts } from '@/lib/base/i18n/imports';
import type { Locale } from '@/lib/base/i18n/messages';
import type { LineCounts, LineState } from '@/lib/base/imports/states';
import type { ImportDetail } from '@/lib/owners/imports/view';

import { plainLinkClass } from '../detail-parts';

/**
 * What every import's page shows the same way, whatever it uploads (a statement's payments, invoices): a line's
 * state as a badge, the counts per state, why sending stopped (with "Send again"), the progress while lines are on
 * their way (the page refreshing itself), and what the last form did. Each takes the words of its own kind's page.
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
