import type { DocumentTexts } from '@/lib/i18n/documents';
import type { ListKind, ListView } from '@/lib/documents/filters';
import { exportHrefs } from '@/lib/documents/export/links';
import type { MirrorStatus } from '@/lib/mirror/status';
import { linkClass } from './detail-parts';

/**
 * The list's exports: CSV and XLSX of every document its view matches (filters, search, sort; not just the page),
 * read from the company's mirror. Shown only where the export can answer: a valid view, and a mirror that has had
 * its first full sync and is not stopped (elsewhere the address would only say it is not ready). Plain links: a route
 * answers them with a download, or with the company's failure page and a way back.
 */
export function ExportLinks<K extends ListKind>({
  path,
  view,
  mirror,
  texts,
}: {
  /** The list's own address, without query. */
  path: string;
  view: ListView<K>;
  mirror: Pick<MirrorStatus, 'status' | 'fullSyncedAt'> | null;
  texts: DocumentTexts;
}) {
  if (!view.ok || !mirror || mirror.fullSyncedAt === null || mirror.status === 'stopped') return null;
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
