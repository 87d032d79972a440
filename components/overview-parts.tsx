import { Link } from '@/components/link';
import { type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import { formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { Overview } from '@/lib/service/records/overview';
import { companyPath } from '@/lib/service/records/present';

import { KindTable, type ListRecord } from './document-tables';
import { TotalCard } from './total-card';

/** The overview's two kinds of document, each with its figures and its latest records. */
type OverviewKind = 'invoices' | 'expenses';

function overviewTexts(kind: OverviewKind, { nav, overview: o }: DocumentTexts) {
  return {
    invoices: {
      label: nav.invoices,
      unpaid: o.unpaidInvoices,
      overdue: o.overdueInvoices,
      latest: o.latestInvoices,
      showAll: o.showAllInvoices,
      none: o.noRecentInvoices,
    },
    expenses: {
      label: nav.expenses,
      unpaid: o.unpaidExpenses,
      overdue: o.overdueExpenses,
      latest: o.latestExpenses,
      showAll: o.showAllExpenses,
      none: o.noRecentExpenses,
    },
  }[kind];
}

type Shared = { tenantId: string; texts: DocumentTexts; locale: Locale };

/**
 * What is unpaid and what is overdue of one kind, each card leading to its list. Incomplete after the page limit, or
 * when the page's deadline ended the paging: the sums are of what was read, each card says so itself ("at least",
 * or "being counted" for nothing found yet), and why: while the company's copy is prepared (`copyPreparing`) the
 * full figures follow once it is complete.
 */
export function UnpaidFigures({
  kind,
  overview,
  overdueHref,
  spaced = false,
  copyPreparing = false,
  tenantId,
  texts,
  locale,
}: Shared & {
  kind: OverviewKind;
  overview: Overview;
  overdueHref: string;
  spaced?: boolean;
  copyPreparing?: boolean;
}) {
  const own = overviewTexts(kind, texts);
  const summary = overview[kind];
  const o = texts.overview;
  const partial = summary.complete
    ? null
    : fill(copyPreparing ? o.partialCopy : o.partial, { count: formatNumber(summary.unpaid.count, locale, 0) });
  return (
    <section aria-label={own.label} className={`${spaced ? 'mt-3 ' : ''}grid grid-cols-1 gap-3 sm:grid-cols-2`}>
      <TotalCard
        title={own.unpaid}
        total={summary.unpaid}
        href={`${companyPath(tenantId, kind)}?PaymentStatus=0`}
        partial={partial}
        texts={texts}
        locale={locale}
      />
      <TotalCard
        title={own.overdue}
        total={summary.overdue}
        href={overdueHref}
        tone="warning"
        partial={partial}
        texts={texts}
        locale={locale}
      />
    </section>
  );
}

/** The latest records of one kind, with the way to all of them. */
export function LatestDocuments<K extends OverviewKind>({
  kind,
  overview,
  ...shown
}: Shared & { kind: K; overview: Overview }) {
  const own = overviewTexts(kind, shown.texts);
  const latest: { [L in OverviewKind]: ListRecord[L][] } = {
    invoices: overview.latestInvoices,
    expenses: overview.latestExpenses,
  };
  const records = latest[kind];
  const id = `latest-${kind}`;
  return (
    <section className="mt-6" aria-labelledby={id}>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h3 id={id} className="font-medium text-slate-900">
          {own.latest}
        </h3>
        <Link href={companyPath(shown.tenantId, kind)} className="text-sm font-medium text-brand-700 hover:underline">
          {own.showAll} →
        </Link>
      </div>
      {records.length > 0 ? (
        <KindTable kind={kind} records={records} today={overview.today} caption={own.latest} captionHidden {...shown} />
      ) : (
        <p className="text-sm text-slate-600">{own.none}</p>
      )}
    </section>
  );
}
