import { notFound } from 'next/navigation';
import { BackLink } from '@/components/detail-parts';
import { DocumentArticle, DocumentProblem, DocumentSummary } from '@/components/document-detail';
import { ItemsOrNone } from '@/components/invoice-parts';
import { ReportLinks } from '@/components/report-links';
import { deliveryNoteForPage } from '@/lib/doors/company/detail-pages';
import { companyPath } from '@/lib/service/records/present';
import { reportLinks } from '@/lib/features/documents/report-links';
import { getMessages } from '@/lib/base/i18n/server';
import { int64IdOf } from '@/lib/service/ids';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';

export const generateMetadata = ({ params }: Props) =>
  companyPageTitle(params, async (t, company) => {
    const noteId = int64IdOf((await params).id);
    if (noteId === null) return t.docs.notFound.title;
    const loaded = await deliveryNoteForPage(company.scope.tenantId, noteId);
    return loaded.ok
      ? `${t.docs.detail.deliveryNote} ${loaded.value.documentNumber || t.docs.detail.withoutNumber}`
      : t.docs.detail.deliveryNote;
  });

type Props = { params: Promise<{ tenantId: string; id: string }> };

/**
 * One delivery note, from the company's mirror when it holds it, else one data-API call; its items when the record
 * carries them, and its PDF reports.
 */
export default async function DeliveryNotePage({ params }: Props) {
  const { tenantId, id } = await params;
  await requireCompany(tenantId);
  const noteId = int64IdOf(id);
  if (noteId === null) notFound();
  const { t, locale } = await getMessages();
  const d = t.docs;
  const loaded = await deliveryNoteForPage(tenantId, noteId);
  const back = <BackLink href={companyPath(tenantId, 'delivery-notes')}>{d.detail.backToDeliveryNotes}</BackLink>;
  if (!loaded.ok) {
    const self = companyPath(tenantId, 'delivery-notes', noteId);
    return <DocumentProblem back={back} problem={loaded.problem} texts={d} retryHref={self} />;
  }

  const note = loaded.value;
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
}
