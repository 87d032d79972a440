import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { exportHrefs } from '@/lib/features/documents/export/links';
import type { ListAddress } from '@/lib/service/records/list-view';

import { ExportNav } from './list/export-nav';

/**
 * The list's exports: CSV and XLSX of every document its view matches (filters, search, sort; not just the page),
 * read from the company's mirror. Shown only where the export can answer: a valid view the company's copy answers
 * (`available`: the list's own rule, lib/features/documents/list-page.ts; elsewhere the address would only say it is not
 * ready). Plain links: a route answers them with a download, or with the company's failure page and a way back.
 */
export function ExportLinks({
  path,
  view,
  available,
  texts,
  hint,
}: {
  /** The list's own address, without query. */
  path: string;
  view: ListAddress & { ok: boolean };
  available: boolean;
  texts: DocumentTexts;
  /** What the links export, when not documents (the payments' list). */
  hint?: string;
}) {
  if (!view.ok || !available) return null;
  const e = texts.export;
  const hrefs = exportHrefs(path, view);
  return <ExportNav hrefOf={(format) => hrefs[format]} hint={hint ?? e.hint} texts={e} />;
}
