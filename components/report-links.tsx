import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { previewFailureMessages, type ReportLink } from '@/lib/features/documents/report-links';

import { DetailSection, linkClass } from './detail-parts';
import { PreviewLink } from './preview-link';

/**
 * The document's PDF reports. Downloads are plain links (a route answers them, not a page, so no client-side
 * navigation; a failed one answers the company's failure page, with a retry and the way back here); previews open
 * the service's viewer in a new tab, without an opener or a referrer, or say beside the link why they could not.
 */
export function ReportLinks({ links, texts }: { links: ReportLink[]; texts: DocumentTexts }) {
  const r = texts.reports;
  const failures = previewFailureMessages(texts);
  return (
    <DetailSection id="reports" title={r.title}>
      <p className="text-sm text-slate-600">{r.intro}</p>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {links.map((link) => (
          <li
            key={link.reportId}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
            data-report={link.reportId}
          >
            <span className="text-slate-900">{r[String(link.reportId) as '17' | '19' | '101']}</span>
            <span className="flex gap-4">
              <a href={link.download} className={linkClass}>
                {r.download}
                <span className="sr-only"> – {r[String(link.reportId) as '17' | '19' | '101']}</span>
              </a>
              <PreviewLink href={link.preview} className={linkClass} failures={failures}>
                {r.preview}
                <span className="sr-only">
                  {' '}
                  – {r[String(link.reportId) as '17' | '19' | '101']} {r.newWindow}
                </span>
                <span aria-hidden="true"> ↗</span>
              </PreviewLink>
            </span>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}
