import type { DocumentKind } from '@/lib/base/document-kinds';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { countOf, fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import { type MirrorStatus, readinessOf } from '@/lib/features/copy/state';

import { ago, FreshnessBar } from './freshness-bar';
import { MirrorKindsProgress } from './mirror-kinds-progress';

/**
 * How fresh the company's synchronized copy is, above a list, with a button that asks for an update now (POST
 * /companies/{id}/sync, back to this very list). Until the list's kind was read whole (readinessOf) it says the
 * search is being prepared; then, while the first full sync reads the other kinds, that this list's search is ready;
 * under it, what is copied of each kind (MirrorKindsProgress); a paused or stopped sync says why. A form, so it works
 * without script; with script the page is drawn again when the copy's state changes while it is updated or retried
 * (MirrorUpdate).
 */
export function MirrorFreshness({
  status,
  kind,
  texts,
  locale,
  refresh,
  now = new Date(),
}: {
  status: MirrorStatus;
  kind: DocumentKind;
  texts: DocumentTexts;
  locale: Locale;
  refresh: { action: string; back: string };
  now?: Date;
}) {
  const t = texts.mirror;
  const lines: string[] = [];
  if (status.status === 'paused') lines.push(t.paused);
  else if (status.status === 'stopped') lines.push(t.stopped);
  else {
    const read = () => countOf(status.progress[kind].read, texts.documents, locale);
    // A kind the service refuses is said under the line (MirrorKindsProgress); it is read live either way.
    const refused = status.progress[kind].refused !== undefined;
    if (refused && status.fullSyncedAt === null) {
      // Nothing of it is being prepared: only how the other kinds' copy goes, below.
    } else if (!refused && readinessOf(status, [kind]) !== 'ready') {
      lines.push(fill(t.preparing, { count: read() }));
    } else if (status.fullSyncedAt === null) {
      // This kind was read whole (the list reads the copy); the first full sync still reads the others.
      lines.push(fill(t.kindReady, { count: read() }));
    } else {
      lines.push(status.lastSyncedAt ? fill(t.updated, { ago: ago(status.lastSyncedAt, now, locale) }) : t.never);
    }
    // Asked for and not begun yet counts too: the job waits in the queue (syncAsked).
    if (status.syncAsked) lines.push(t.syncing);
    else if (status.lastError && status.nextTryAt) lines.push(t.failed);
  }
  return (
    <FreshnessBar
      label={t.label}
      status={status}
      lines={lines}
      under={<MirrorKindsProgress status={status} kind={kind} texts={texts} locale={locale} />}
      texts={texts}
      refresh={refresh}
    />
  );
}
