import { notFound } from 'next/navigation';
import { AttachmentList, AttachmentsSection } from '@/components/attachment-list';
import { BackLink, DetailSection, Facts, PartnerFacts, PricesTable, Tags } from '@/components/detail-parts';
import { OverdueMark, PaymentStatusMark } from '@/components/document-marks';
import { PaymentSums } from '@/components/payment-sums';
import { ServiceProblem } from '@/components/service-problem';
import { RowHeader, Table, Td, Th } from '@/components/table';
import { attachmentViews } from '@/lib/documents/attachment-links';
import { formatDay, formatMoney, formatWallClock } from '@/lib/i18n/format';
import { companyToday } from '@/lib/company-calendar';
import { expenseForPage } from '@/lib/documents/detail-pages';
import { companyPath, expenseTypeLabel, isOverdue, tagName } from '@/lib/documents/present';
import { getMessages } from '@/lib/i18n/server';
import { uuidOf } from '@/lib/service/ids';
import { requireCompany } from '@/lib/session/require-session';
import { companyPageTitle } from '@/lib/documents/page-titles';

export const generateMetadata = ({ params }: Props) =>
  companyPageTitle(params, async (t, session, tenantId) => {
    const { id } = await params;
    if (uuidOf(id) === null) return t.docs.notFound.title;
    const loaded = await expenseForPage(session.userId, session.pluginId, tenantId, id);
    return loaded.ok
      ? `${expenseTypeLabel(loaded.value.expense.documentType, t.docs)} ${loaded.value.expense.documentNumber || t.docs.detail.withoutNumber}`
      : t.docs.detail.expense;
  });

type Props = { params: Promise<{ tenantId: string; id: string }> };

/**
 * One expense with its journal items and attachments: two data-API calls side by side (the record, and the
 * attachments' metadata). Attachments that cannot be listed leave the rest of the page standing.
 */
export default async function ExpensePage({ params }: Props) {
  const { tenantId, id } = await params;
  const session = await requireCompany(tenantId);
  if (uuidOf(id) === null) notFound();
  const { t, locale } = await getMessages();
  const d = t.docs;
  const self = companyPath(tenantId, 'expenses', id);

  const loaded = await expenseForPage(session.userId, session.pluginId, tenantId, id);

  const back = <BackLink href={companyPath(tenantId, 'expenses')}>{d.detail.backToExpenses}</BackLink>;
  if (!loaded.ok) {
    return (
      <>
        {back}
        <ServiceProblem problem={loaded.problem} texts={d} retryHref={self} />
      </>
    );
  }

  const { expense, attachments } = loaded.value;
  const currency = expense.prices?.currency;
  const today = companyToday(new Date());
  const views = attachments.ok ? attachmentViews(tenantId, id, attachments.value) : [];

  return (
    <article aria-labelledby="expense-title">
      {back}
      <header className="mt-2 flex flex-wrap items-center gap-2">
        <h2 id="expense-title" className="text-lg font-semibold text-slate-900">
          {expenseTypeLabel(expense.documentType, d)} {expense.documentNumber || d.detail.withoutNumber}
        </h2>
        <PaymentStatusMark status={expense.paymentStatus} texts={d} />
        {isOverdue(expense, today) && <OverdueMark texts={d} />}
      </header>
      <div className="mt-2">
        <Tags tags={expense.tags} texts={d} />
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        <DetailSection id="partner" title={d.detail.supplier}>
          <PartnerFacts partner={expense.partner} texts={d} />
        </DetailSection>
        <DetailSection id="facts" title={d.detail.numbers}>
          <Facts
            facts={[
              [d.detail.documentType, expenseTypeLabel(expense.documentType, d)],
              [d.detail.documentNumber, expense.documentNumber],
              [d.detail.numberingSequence, expense.numberingSequence],
              [d.detail.issueDate, formatDay(expense.issueDate, locale)],
              [d.detail.deliveryDate, formatDay(expense.deliveryDate, locale)],
              [d.detail.receivedDate, formatDay(expense.receivedDate, locale)],
              [d.detail.dueDate, formatDay(expense.dueDate, locale)],
              [
                d.detail.lastModified,
                expense.lastModifiedTimestamp ? formatWallClock(expense.lastModifiedTimestamp, locale) : null,
              ],
            ]}
          />
        </DetailSection>
        <DetailSection id="prices" title={d.detail.prices}>
          <PricesTable prices={expense.prices} texts={d} locale={locale} />
          <div className="mt-3">
            <PaymentSums record={expense} texts={d} locale={locale} />
          </div>
        </DetailSection>
        <AttachmentsSection texts={d}>
          {attachments.ok ? (
            <AttachmentList attachments={views} texts={d} locale={locale} />
          ) : (
            <ServiceProblem problem={attachments.problem} texts={d} retryHref={self} />
          )}
        </AttachmentsSection>
      </div>

      <div className="mt-4">
        {expense.journalItems && expense.journalItems.length > 0 ? (
          <Table caption={d.detail.journalItems}>
            <thead className="bg-slate-50">
              <tr>
                <Th>{d.detail.description}</Th>
                <Th>{d.detail.tags}</Th>
                <Th numeric>{d.detail.total}</Th>
                <Th numeric>{d.detail.legislativeTotal}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {expense.journalItems.map((item, index) => (
                <tr key={index}>
                  <RowHeader>
                    <span className="whitespace-normal">{item.description ?? '—'}</span>
                  </RowHeader>
                  <Td>{(item.tags ?? []).map(tagName).filter(Boolean).join(', ') || '—'}</Td>
                  <Td numeric>{formatMoney(item.totalPrice, currency, locale)}</Td>
                  <Td numeric>{formatMoney(item.legislativeTotalPrice, 'EUR', locale)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="text-sm text-slate-600">{d.detail.noJournalItems}</p>
        )}
      </div>
    </article>
  );
}
