import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { exportHrefs } from '@/lib/features/documents/export/links';
import type { ListKind, ListView } from '@/lib/service/records/list-view';

import { linkClass } from './detail-parts';

/**
 * The list's exports: CSV and XLSX of every document its view matches (filters, search, sort; not just the page),
 * read from the company's mirror. Shown only where the export can answer: a valid view the company's copy answers
 * (`available`: the list's own rule, lib/features/documents/list-page.ts; elsewhere the address would only say it is not
 * ready). Plain links: a route answers them with a download, or with the company's failure page and a way back.
 */
export function ExportLinks<K extends ListKind>({
  path,
  view,
  available,
  texts,
}: {
  /** The list's own address, without query. */
  path: string;
  view: ListView<K>;
  available: boolean;
  texts: DocumentTexts;
}) {
  if (!view.ok || !available) return null;
  const e = texts.export;
  const hrefs = exportHrefs(path, view);
  return (
    <nav aria-label={e.label} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-export-links="">
      <a href={hrefs.csv} className={linkClass} title={e.hint} data-export="csv">
        {e.csv}
      </a>
      <a href={hrefs.xlsx} className={linkClass} title={e.hint} data-export="xlsx">
        {e.xlsx}
      </a>
    </nav>
  );
}
