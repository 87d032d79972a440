import type { ComponentProps, ReactNode } from 'react';

import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { formatDay, formatWallClock } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { Payable } from '@/lib/service/records/present';
import type { Partner, Prices } from '@/lib/service/schemas/common';

import { DetailSection, type Fact, Facts, PartnerFacts, PricesTable, Tags } from './detail-parts';
import { PaymentSums } from './payment-sums';
import { ServiceProblem } from './service-problem';

/**
 * The frame every document's page shares (invoice, expense, delivery note): the way back to the list, the title
 * with the kind's marks, the tags, then the partner, the numbers and days, and the prices side by side.
 */

/** The page of a document the service did not give: the way back, and what happened with a retry. */
export function DocumentProblem({
  back,
  problem,
  texts,
  retryHref,
}: {
  back: ReactNode;
  problem: ComponentProps<typeof ServiceProblem>['problem'];
  texts: DocumentTexts;
  retryHref: string;
}) {
  return (
    <>
      {back}
      <ServiceProblem problem={problem} texts={texts} retryHref={retryHref} />
    </>
  );
}

/** The document's article: the way back, its kind and number as the title (with marks beside it), its tags. */
export function DocumentArticle({
  titleId,
  back,
  kind,
  number,
  marks,
  tags,
  texts,
  children,
}: {
  titleId: string;
  back: ReactNode;
  /** The kind in words ("Invoice", an expense's type). */
  kind: string;
  number: string | null | undefined;
  /** Payment and other marks beside the title; a kind without them has a plain heading. */
  marks?: ReactNode;
  tags: ComponentProps<typeof Tags>['tags'];
  texts: DocumentTexts;
  children: ReactNode;
}) {
  const title = (
    <>
      {kind} {number || texts.detail.withoutNumber}
    </>
  );
  return (
    <article aria-labelledby={titleId}>
      {back}
      {marks ? (
        <header className="mt-2 flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {marks}
        </header>
      ) : (
        <h2 id={titleId} className="mt-2 text-lg font-semibold text-slate-900">
          {title}
        </h2>
      )}
      <div className="mt-2">
        <Tags tags={tags} texts={texts} />
      </div>
      {children}
    </article>
  );
}

/** Fields shown as the service writes them, and days, each under its label in `texts.detail`. */
type TextField = 'documentNumber' | 'numberingSequence' | 'variableSymbol' | 'orderNumber' | 'externalId';
type DayField = 'issueDate' | 'deliveryDate' | 'receivedDate' | 'dueDate';

type Summarized = {
  partner?: Partner | null;
  prices?: Prices | null;
  lastModifiedTimestamp?: string | null;
} & { [F in TextField | DayField]?: string | null };

/**
 * The partner, the numbers and days, and the prices (with what is paid, for a payable document), then the kind's
 * own sections (reports, attachments). The numbers are the kind's own facts first, then the named fields, the named
 * days, and when the record was last changed.
 */
export function DocumentSummary({
  record,
  partnerTitle,
  lead = [],
  fields,
  days,
  payable,
  texts,
  locale,
  children,
}: {
  record: Summarized;
  partnerTitle: string;
  lead?: Fact[];
  fields: TextField[];
  days: DayField[];
  payable?: Payable;
  texts: DocumentTexts;
  locale: Locale;
  children: ReactNode;
}) {
  const d = texts.detail;
  return (
    <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
      <DetailSection id="partner" title={partnerTitle}>
        <PartnerFacts partner={record.partner} texts={texts} />
      </DetailSection>
      <DetailSection id="facts" title={d.numbers}>
        <Facts
          facts={[
            ...lead,
            ...fields.map((field): Fact => [d[field], record[field]]),
            ...days.map((day): Fact => [d[day], formatDay(record[day], locale)]),
            [
              d.lastModified,
              record.lastModifiedTimestamp ? formatWallClock(record.lastModifiedTimestamp, locale) : null,
            ],
          ]}
        />
      </DetailSection>
      <DetailSection id="prices" title={d.prices}>
        <PricesTable prices={record.prices} texts={texts} locale={locale} />
        {payable && (
          <div className="mt-3">
            <PaymentSums record={payable} texts={texts} locale={locale} />
          </div>
        )}
      </DetailSection>
      {children}
    </div>
  );
}
