import { DocumentArticle, DocumentSummary } from '@/components/document-detail';
import { ItemsOrNone } from '@/components/invoice-parts';
import { ReportLinks } from '@/components/report-links';
import { deliveryNoteForPage } from '@/lib/features/documents/detail-pages';
import { reportLinks } from '@/lib/features/documents/report-links';
import { int64IdOf } from '@/lib/service/ids';

import { companyDetailPage } from '../../detail-page';

/**
 * One delivery note, from the company's mirror when it holds it, else one data-API call; its items when the record
 * carries them, and its PDF reports.
 */
const deliveryNotePage = companyDetailPage({
  kind: 'deliveryNotes',
  idOf: int64IdOf,
  load: deliveryNoteForPage,
  name: (d) => d.detail.deliveryNote,
  numberOf: (note) => note.documentNumber,
  backLabel: (d) => d.detail.backToDeliveryNotes,
  draw: function DeliveryNotePage({ tenantId, id: noteId, value: note, back, texts: d, locale }) {
    const links = reportLinks('deliveryNotes', tenantId, noteId, note.documentNumber);

    return (
      <DocumentArticle
        titleId="note-title"
        back={back}
        kind={d.detail.deliveryNote}
        number={note.documentNumber}
        tags={note.tags}
        texts={d}
      >
        <DocumentSummary
          record={note}
          partnerTitle={d.detail.customer}
          fields={['documentNumber', 'numberingSequence', 'orderNumber']}
          days={['issueDate', 'deliveryDate']}
          texts={d}
          locale={locale}
        >
          <ReportLinks links={links} texts={d} />
        </DocumentSummary>

        <div className="mt-4">
          <ItemsOrNone items={note.items} currency={note.prices?.currency} texts={d} locale={locale} />
        </div>
      </DocumentArticle>
    );
  },
});

export const generateMetadata = deliveryNotePage.generateMetadata;
export default deliveryNotePage.Page;
