import { type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import { formatFileSize } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { AttachmentView } from '@/lib/features/documents/attachment-links';
import { fileTypeLabel } from '@/lib/features/documents/downloads';

import { DetailSection, linkClass } from './detail-parts';

/**
 * An expense's attachments: name, type, size, a download, and for images and PDFs a preview in the page (loaded
 * only when opened: lazy content of a closed <details>). Not in a new tab: the session cookie is partitioned under
 * the service's site, so such a tab would arrive signed out. The PDF frame has no sandbox attribute because
 * Chromium will not render a PDF in one; the file's own CSP (`sandbox`) isolates it instead.
 */
export function AttachmentList({
  attachments,
  texts,
  locale,
}: {
  attachments: AttachmentView[];
  texts: DocumentTexts;
  locale: Locale;
}) {
  const a = texts.attachments;
  if (attachments.length === 0) return <p className="text-sm text-slate-600">{a.none}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {attachments.map((attachment) => {
        const name = attachment.name ?? a.unnamed;
        return (
          <li key={attachment.id} className="py-2 text-sm" data-attachment-id={attachment.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="min-w-0 break-all font-medium text-slate-900">{name}</span>
              <span className="text-xs text-slate-600">
                {[
                  fileTypeLabel(attachment.contentType, attachment.name, a.fileTypes),
                  formatFileSize(attachment.size, locale),
                ]
                  .filter((part) => part && part !== '—')
                  .join(' · ')}
              </span>
            </div>
            <div className="mt-1 flex flex-wrap gap-4">
              <a href={attachment.download} className={linkClass}>
                {a.download}
                <span className="sr-only"> – {name}</span>
              </a>
            </div>
            {attachment.inlineSrc && (
              <details className="mt-2">
                <summary className={`cursor-pointer text-sm ${linkClass}`}>{a.show}</summary>
                <div className="mt-2 overflow-hidden rounded-md border border-slate-200 bg-slate-50">
                  {attachment.inline === 'image' ? (
                    // eslint-disable-next-line @next/next/no-img-element -- a private, streamed file is nothing for Next's image optimizer
                    <img
                      src={attachment.inlineSrc}
                      alt={fill(a.previewOf, { name })}
                      loading="lazy"
                      className="mx-auto max-h-[32rem] w-auto"
                    />
                  ) : (
                    <>
                      <iframe
                        src={attachment.inlineSrc}
                        title={fill(a.previewOf, { name })}
                        loading="lazy"
                        className="h-[32rem] w-full bg-white"
                      />
                      <p className="px-2 py-1 text-xs text-slate-600">
                        {a.pdfFallback}{' '}
                        <a href={attachment.download} className={linkClass}>
                          {a.pdfFallbackLink}
                        </a>
                        .
                      </p>
                    </>
                  )}
                </div>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function AttachmentsSection({ children, texts }: { children: React.ReactNode; texts: DocumentTexts }) {
  return (
    <DetailSection id="attachments" title={texts.attachments.title}>
      {children}
    </DetailSection>
  );
}
