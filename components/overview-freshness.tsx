import { countOf, type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import { formatClockTime } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { MirrorStatus } from '@/lib/features/copy/state';
import type { Overview } from '@/lib/service/records/overview';

import { ago, FreshnessBar } from './freshness-bar';

/**
 * How fresh the overview's figures are, under its cards. Without the company's copy (MIRROR_SYNC off) they were read
 * from the service at a time, kept a minute: that time. With it, they are as fresh as the copy's last update (not
 * the moment the page was drawn), or, while the copy is prepared, read from the service at a time while the copy
 * counts on; an update under way, the last one failing, a pause or a stop are said too, and "Update now" is offered
 * as on the lists (MirrorUpdate: "updating…" at once, the page drawn again when the update ends). Without figures
 * (the service's read failed while the copy is made: `overview` null) the copy's state alone, so the page is still
 * drawn again once the copy can answer.
 */
export function OverviewFreshness({
  overview,
  status,
  texts,
  locale,
  refresh,
  now = new Date(),
}: {
  overview: Pick<Overview, 'computedAt' | 'from'> | null;
  status: MirrorStatus | null;
  texts: DocumentTexts;
  locale: Locale;
  refresh: { action: string; back: string };
  now?: Date;
}) {
  const o = texts.overview;
  const m = texts.mirror;
  if (!status) {
    if (!overview) return null;
    return (
      <p className="mt-2 text-xs text-slate-500" data-as-of={overview.computedAt}>
        {fill(o.asOf, { time: formatClockTime(new Date(overview.computedAt), locale) })}
      </p>
    );
  }
  const lines: string[] = [];
  if (overview?.from === 'mirror') {
    lines.push(
      status.fullSyncedAt && status.lastSyncedAt
        ? fill(o.fromCopy, { ago: ago(status.lastSyncedAt, now, locale) })
        : o.fromCopyFirst,
    );
  } else if (overview && status.fullSyncedAt) {
    // The copy ended, yet the figures are live: the service refuses a kind the cards sum, which is never copied.
    lines.push(fill(o.asOf, { time: formatClockTime(new Date(overview.computedAt), locale) }));
  } else if (overview) {
    const read = Object.values(status.progress).reduce((sum, kind) => sum + kind.read, 0);
    const time = formatClockTime(new Date(overview.computedAt), locale);
    lines.push(fill(o.readLive, { time, count: countOf(read, texts.documents, locale) }));
  }
  if (status.status === 'paused') lines.push(m.paused);
  else if (status.status === 'stopped') lines.push(m.stopped);
  else {
    if (status.syncAsked) lines.push(m.syncing);
    if (status.lastError?.at) lines.push(fill(o.lastFailed, { ago: ago(status.lastError.at, now, locale) }));
  }
  return (
    <FreshnessBar
      label={o.freshness}
      status={status}
      lines={lines}
      figuresFrom={overview?.from ?? 'none'}
      texts={texts}
      refresh={refresh}
    />
  );
}
