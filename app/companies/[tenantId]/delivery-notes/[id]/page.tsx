import { notFound } from 'next/navigation';
import { BackLink, DetailSection, Facts, PartnerFacts, PricesTable, Tags } from '@/components/detail-parts';
import { ItemsTable } from '@/components/invoice-parts';
import { ReportLinks } from '@/components/report-links';
import { ServiceProblem } from '@/components/service-problem';
import { formatDay, formatWallClock } from '@/lib/i18n/format';
import { deliveryNoteForPage } from '@/lib/documents/detail-pages';
import { companyPath } from '@/lib/documents/present';
import { reportLinks } from '@/lib/documents/report-links';
import { getMessages } from '@/lib/i18n/server';
import { int64IdOf } from '@/lib/service/ids';
import { requireCompany } from '@/lib/session/require-session';
import { companyPageTitle } from '@/lib/documents/page-titles';

export const generateMetadata = ({ params }: Props) =>
  companyPageTitle(params, async (t, session, tenantId) => {
    const noteId = int64IdOf((await params).id);
    if (noteId === null) return t.docs.notFound.title;
    const loaded = await deliveryNoteForPage(session.userId, session.pluginId, tenantId, noteId);
    return loaded.ok
      ? `${t.docs.detail.deliveryNote} ${loaded.value.documentNumber || t.docs.detail.withoutNumber}`
      : t.docs.detail.deliveryNote;
  });

type Props = { params: Promise<{ tenantId: string; id: string }> };

/** One delivery note, from one data-API call; its items when the record carries them, and its PDF reports. */
export default async function DeliveryNotePage({ params }: Props) {
  const { tenantId, id } = await params;
  const session = await requireCompany(tenantId);
  const noteId = int64IdOf(id);
  if (noteId === null) notFound();
  const { t, locale } = await getMessages();
  const d = t.docs;
  const loaded = await deliveryNoteForPage(session.userId, session.pluginId, tenantId, noteId);
  const back = <BackLink href={companyPath(tenantId, 'delivery-notes')}>{d.detail.backToDeliveryNotes}</BackLink>;
  if (!loaded.ok) {
    return (
      <>
        {back}
        <ServiceProblem
          problem={loaded.problem}
          texts={d}
          retryHref={companyPath(tenantId, 'delivery-notes', noteId)}
        />
      </>
    );
  }

  const note = loaded.value;
  const links = reportLinks('deliveryNotes', tenantId, noteId, note.documentNumber);

  return (
    <article aria-labelledby="note-title">
      {back}
      <h2 id="note-title" className="mt-2 text-lg font-semibold text-slate-900">
        {d.detail.deliveryNote} {note.documentNumber || d.detail.withoutNumber}
      </h2>
      <div className="mt-2">
        <Tags tags={note.tags} texts={d} />
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        <DetailSection id="partner" title={d.detail.customer}>
          <PartnerFacts partner={note.partner} texts={d} />
        </DetailSection>
        <DetailSection id="facts" title={d.detail.numbers}>
          <Facts
            facts={[
              [d.detail.documentNumber, note.documentNumber],
              [d.detail.numberingSequence, note.numberingSequence],
              [d.detail.orderNumber, note.orderNumber],
              [d.detail.issueDate, formatDay(note.issueDate, locale)],
              [d.detail.deliveryDate, formatDay(note.deliveryDate, locale)],
              [
                d.detail.lastModified,
                note.lastModifiedTimestamp ? formatWallClock(note.lastModifiedTimestamp, locale) : null,
              ],
            ]}
          />
        </DetailSection>
        <DetailSection id="prices" title={d.detail.prices}>
          <PricesTable prices={note.prices} texts={d} locale={locale} />
        </DetailSection>
        <ReportLinks links={links} texts={d} />
      </div>

      <div className="mt-4">
        {note.items && note.items.length > 0 ? (
          <ItemsTable items={note.items} currency={note.prices?.currency} texts={d} locale={locale} />
        ) : (
          <p className="text-sm text-slate-600">{d.detail.noItems}</p>
        )}
      </div>
    </article>
  );
}
