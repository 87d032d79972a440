import { DOCUMENT_KINDS, type DocumentKind } from '@/lib/base/document-kinds';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { countOf, fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { MirrorStatus } from '@/lib/features/copy/state';

/**
 * Under the freshness line, the same on every list: during the company's first full sync, what is copied of each kind
 * ("Invoices: all read (20 000)", "Expenses: 3 200 read so far": the service gives no totals, so nothing says what
 * is left but the kinds not yet read whole), and a kind the service refuses; afterwards only a refusal of this list's
 * own kind is said (it is read live).
 */
export function MirrorKindsProgress({
  status,
  kind,
  texts,
  locale,
}: {
  status: MirrorStatus;
  kind: DocumentKind;
  texts: DocumentTexts;
  locale: Locale;
}) {
  const t = texts.mirror;
  if (status.status === 'stopped' || status.status === 'paused') return null;
  const ownRefusal = status.progress[kind].refused;
  if (status.fullSyncedAt !== null) {
    return ownRefusal ? <p data-kind-refused={ownRefusal}>{t.refused[ownRefusal]}</p> : null;
  }
  return (
    <>
      {ownRefusal && <p data-kind-refused={ownRefusal}>{t.refused[ownRefusal]}</p>}
      <ul aria-label={t.kindsLabel} className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {DOCUMENT_KINDS.map((each) => {
          const { read, done, refused } = status.progress[each];
          const values = { kind: texts.nav[each], count: countOf(read, texts.documents, locale) };
          const line = refused ? t.kindRefused : done ? t.kindDone : t.kindReading;
          return (
            <li key={each} data-kind={each} data-kind-state={refused ? 'refused' : done ? 'done' : 'reading'}>
              {fill(line, values)}
            </li>
          );
        })}
      </ul>
    </>
  );
}
