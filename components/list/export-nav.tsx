import type { DocumentTexts } from '@/lib/base/i18n/documents';

import { linkClass } from '../detail-parts';

export type ExportFormat = 'csv' | 'xlsx';

/** The CSV and XLSX links of a list's whole view: plain links a route answers with the download. */
export function ExportNav({
  hrefOf,
  hint,
  texts,
  className = 'flex flex-wrap items-center gap-x-4 gap-y-1 text-sm',
}: {
  hrefOf: (format: ExportFormat) => string;
  /** What the links export (the links' title). */
  hint: string;
  texts: DocumentTexts['export'];
  className?: string;
}) {
  return (
    <nav aria-label={texts.label} className={className} data-export-links="">
      {(['csv', 'xlsx'] as const).map((format) => (
        <a key={format} href={hrefOf(format)} className={linkClass} title={hint} data-export={format}>
          {format === 'csv' ? texts.csv : texts.xlsx}
        </a>
      ))}
    </nav>
  );
}
