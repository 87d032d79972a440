import { fill } from '@/lib/base/i18n/documents';
import { formatMoment } from '@/lib/base/i18n/format';
import type { Locale, Messages } from '@/lib/base/i18n/messages';
import type { ConnectionNotice } from '@/lib/features/connections/views';
import type { ConsentResult } from '@/lib/features/connections/views';
import { type AskedFor, describeOutcome } from '@/lib/features/connections/views';

const tone = {
  good: 'bg-emerald-50 text-emerald-900',
  warning: 'bg-amber-50 text-amber-900',
};

/**
 * The outcome of a consent the user just came back from, at the top of the company page it was started on: what was
 * connected, and plainly whether this company was (green only when it was), whose working connection was replaced,
 * and what was left out and why.
 */
export function ConsentNotice({ t, result, asked }: { t: Messages; result: ConsentResult; asked: AskedFor }) {
  if (result.status !== 'connected' || !result.outcome) {
    return (
      <p role="status" data-consent-result="expired" className={`mb-4 rounded-md px-3 py-2 text-sm ${tone.warning}`}>
        {t.consent.result.expired}
      </p>
    );
  }
  const { kind, lines } = describeOutcome(result.outcome, asked, t.consent, t.unnamedCompany);
  return (
    <div
      role="status"
      data-consent-result={kind}
      className={`mb-4 space-y-1 rounded-md px-3 py-2 text-sm ${kind === 'connected' ? tone.good : tone.warning}`}
    >
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** On the page of a company whose working connection a consent started on another company's page replaced. */
export function ReplacedConnectionNotice({
  t,
  locale,
  notice,
}: {
  t: Messages;
  locale: Locale;
  notice: ConnectionNotice;
}) {
  const company = notice.startedForName ?? `${t.unnamedCompany} ${notice.startedFor}`;
  return (
    <p
      role="status"
      data-connection-notice={notice.kind}
      className={`mb-4 rounded-md px-3 py-2 text-sm ${tone.warning}`}
    >
      {fill(t.consent.replacedNotice, { date: formatMoment(notice.at, locale), company })}
    </p>
  );
}
