import { countOf, type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { StockTexts } from '@/lib/base/i18n/stock';
import type { MirrorStatus } from '@/lib/features/copy/state';
import type { StockState } from '@/lib/features/stock/stock-page';

import { ago, FreshnessBar } from '../freshness-bar';

/**
 * How fresh the company's copy of its catalog items is, above the stock (the lists' bar: components/freshness-bar.tsx,
 * with "Update now" and the page drawn again when the copy's state changes): updated when, or how many items are read
 * while they are being copied; a paused or stopped copy says so; an update under way or a failed one too.
 */
export function StockFreshness({
  status,
  state,
  texts,
  docs,
  locale,
  refresh,
  now = new Date(),
}: {
  status: MirrorStatus;
  state: StockState;
  texts: StockTexts;
  docs: DocumentTexts;
  locale: Locale;
  refresh: { action: string; back: string };
  now?: Date;
}) {
  const lines: string[] = [];
  if (status.status === 'stopped') lines.push(docs.mirror.stopped);
  else if (status.status === 'paused') lines.push(texts.mirror.paused);
  else {
    if (state.kind === 'preparing') {
      lines.push(fill(texts.mirror.preparing, { count: countOf(state.read, texts.items, locale) }));
    } else if (state.kind === 'ready') {
      lines.push(
        status.lastSyncedAt
          ? fill(docs.mirror.updated, { ago: ago(status.lastSyncedAt, now, locale) })
          : texts.mirror.ready,
      );
    }
    if (status.syncAsked) lines.push(docs.mirror.syncing);
    else if (status.lastError && status.nextTryAt) lines.push(docs.mirror.failed);
  }
  return (
    <div data-stock-state={state.kind}>
      <FreshnessBar label={texts.mirror.label} status={status} lines={lines} texts={docs} refresh={refresh} />
    </div>
  );
}
