import { AttachmentList, AttachmentsSection } from '@/components/attachment-list';
import { DocumentArticle, DocumentSummary } from '@/components/document-detail';
import { PaymentMarks } from '@/components/document-marks';
import { ServiceProblem } from '@/components/service-problem';
import { figures, RowHeader, Table, Td } from '@/components/table';
import { companyToday } from '@/lib/base/calendar';
import { formatMoney } from '@/lib/base/i18n/format';
import { attachmentViews } from '@/lib/features/documents/attachment-links';
import { expenseForPage } from '@/lib/features/documents/detail-pages';
import { uuidOf } from '@/lib/service/ids';
import { expenseTypeLabel, tagName } from '@/lib/service/records/present';

import { companyDetailPage } from '../../detail-page';

/**
 * One expense with its journal items and attachments: the record (from the company's mirror once its journal has
 * been read there, else the service's) and, side by side, the attachments' metadata from the service. Attachments
 * that cannot be listed leave the rest of the page standing.
 */
const expensePage = companyDetailPage({
  kind: 'expenses',
  idOf: uuidOf,
  load: expenseForPage,
  // The expense's own type, once it is loaded.
  name: (d, loaded) => (loaded ? expenseTypeLabel(loaded.expense.documentType, d) : d.detail.expense),
  numberOf: ({ expense }) => expense.documentNumber,
  backLabel: (d) => d.detail.backToExpenses,
  draw: function ExpensePage({ tenantId, id, value: { expense, attachments }, back, self, texts: d, locale }) {
    const currency = expense.prices?.currency;
    const today = companyToday(new Date());
    const views = attachments.ok ? attachmentViews(tenantId, id, attachments.value) : [];

    return (
      <DocumentArticle
        titleId="expense-title"
        back={back}
        kind={expenseTypeLabel(expense.documentType, d)}
        number={expense.documentNumber}
        marks={<PaymentMarks record={expense} today={today} texts={d} />}
        tags={expense.tags}
        texts={d}
      >
        <DocumentSummary
          record={expense}
          partnerTitle={d.detail.supplier}
          lead={[[d.detail.documentType, expenseTypeLabel(expense.documentType, d)]]}
          fields={['documentNumber', 'numberingSequence']}
          days={['issueDate', 'deliveryDate', 'receivedDate', 'dueDate']}
          payable={expense}
          texts={d}
          locale={locale}
        >
          <AttachmentsSection texts={d}>
            {attachments.ok ? (
              <AttachmentList attachments={views} texts={d} locale={locale} />
            ) : (
              <ServiceProblem problem={attachments.problem} texts={d} retryHref={self} />
            )}
          </AttachmentsSection>
        </DocumentSummary>

        <div className="mt-4">
          {expense.journalItems && expense.journalItems.length > 0 ? (
            <Table
              caption={d.detail.journalItems}
              columns={[d.detail.description, d.detail.tags, ...figures(d.detail.total, d.detail.legislativeTotal)]}
            >
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
            </Table>
          ) : (
            <p className="text-sm text-slate-600">{d.detail.noJournalItems}</p>
          )}
        </div>
      </DocumentArticle>
    );
  },
});

export const generateMetadata = expensePage.generateMetadata;
export default expensePage.Page;
