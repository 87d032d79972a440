import { countOf, fill } from '@/lib/base/i18n/documents';
import type { ImportUploadTexts } from '@/lib/base/i18n/import-upload';
import type { Locale } from '@/lib/base/i18n/messages';
import type { ImportState } from '@/lib/base/imports/states';
import { importDiscardPath } from '@/lib/features/imports/import-paths';

/**
 * "Discard the import" at the foot of an import's page (a statement's and an invoice import's alike), only while
 * nothing of it has been sent (`draft`). Opening it is the confirmation step: it says what goes (the import and its
 * lines, for good) and that nothing changes in the service; only its button posts (a plain same-origin form, no
 * script). The server decides again: an import with anything sent is refused there whatever the page showed.
 */
export function DiscardImport({
  tenantId,
  importId,
  state,
  lines,
  texts,
  locale,
}: {
  tenantId: string;
  importId: string;
  state: ImportState;
  lines: number;
  texts: ImportUploadTexts['discard'];
  locale: Locale;
}) {
  if (state !== 'draft') return null;
  return (
    <details className="mt-6 text-sm" data-discard-import="">
      <summary className="cursor-pointer font-medium text-rose-800 focus-ring">{texts.open}</summary>
      <form
        method="post"
        action={importDiscardPath(tenantId, importId)}
        className="mt-2 max-w-prose rounded-md border border-rose-200 bg-rose-50 p-3 text-rose-900"
      >
        <p>{fill(texts.confirm, { lines: countOf(lines, texts.lines, locale) })}</p>
        <button
          type="submit"
          className="mt-2 rounded-md bg-rose-700 px-3 py-1.5 font-semibold text-white shadow-sm hover:bg-rose-600 focus-ring"
        >
          {texts.button}
        </button>
      </form>
    </details>
  );
}
