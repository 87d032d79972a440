import type { ReactNode } from 'react';

import { Link } from '@/components/link';
import { fill } from '@/lib/base/i18n/documents';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import type { Locale, Messages } from '@/lib/base/i18n/messages';
import type { FilterFormField } from '@/lib/features/documents/filter-fields';
import { pagerOf } from '@/lib/features/documents/pages';
import { accountLabelOf } from '@/lib/features/money/labels';
import type { PaymentListView } from '@/lib/features/money/payment-view';
import type { PaymentsPage } from '@/lib/features/money/payments-page';
import type { PaymentAccountRow } from '@/lib/features/money/queries/accounts';
import { DEFAULT_PAGE_SIZE, listHref } from '@/lib/service/records/list-view';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from '../detail-parts';
import { EmptyState } from '../empty-state';
import { ExportLinks } from '../export-links';
import { FilterForm } from '../filter-form';
import { Pager } from '../pager';
import { SearchBox } from '../search-box';
import { PaymentTotalsBar } from './currency-sums';
import { PaymentTable } from './payment-table';
import { MoneyFreshness, PaymentsUnavailable } from './payments-state';

/** The form's fields: the days as the browser's date pickers, the account as a select of the mirrored accounts. */
function paymentFilterFields(accounts: PaymentAccountRow[] | null, t: Messages): FilterFormField[] {
  const byId = new Map((accounts ?? []).map((account) => [account.id, account]));
  return [
    { name: 'PaymentDateFrom', type: 'date' },
    { name: 'PaymentDateTo', type: 'date' },
    accounts && accounts.length > 0
      ? {
          name: 'AccountId',
          type: 'select',
          options: accounts.map((account) => ({ value: account.id, label: accountLabelOf(account.id, byId, t.money) })),
        }
      : { name: 'AccountId', type: 'text', maxLength: 19 },
  ];
}

/** The view's parameters as hidden fields of a form that sets the others (`without`); blank ones are left out. */
function keptParameters(view: PaymentListView, without: readonly string[]): Record<string, string> {
  const all: Record<string, string> = { ...view.values, q: view.q, sort: view.sort };
  if (view.top !== DEFAULT_PAGE_SIZE) all.Top = String(view.top);
  return Object.fromEntries(
    Object.entries(all).filter(([name, value]) => value.trim() !== '' && !without.includes(name)),
  );
}

/**
 * The company's payments (GET /api/payments, as its copy holds them): what the service lists and does not, the copy's
 * freshness, the search box, the filters (days and account), then the whole view's totals with its exports, the table
 * and the pager; or why the copy cannot show them. Server-rendered; every control is a link or a GET form.
 */
export function PaymentsView({
  page,
  tenantId,
  t,
  locale,
}: {
  page: PaymentsPage;
  tenantId: string;
  t: Messages;
  locale: Locale;
}) {
  const m = t.money;
  const { view, list, state } = page;
  // The documents' filter form, its words for the payments' fields.
  const docs = { ...t.docs, filters: { ...t.docs.filters, fields: { ...t.docs.filters.fields, ...m.filters } } };
  const searched = view.q.trim() !== '';
  const ready = state.state === 'ready';
  const clearSearch = listHref(page.path, view, { q: undefined, Skip: undefined });

  let body: ReactNode = null;
  if (state.state !== 'ready') {
    body = <PaymentsUnavailable state={state} t={t} locale={locale} retryHref={page.href} />;
  } else if (list && list.payments.length === 0) {
    body =
      view.skip > 0 ? (
        <EmptyState
          message={t.docs.lists.nothingFurther}
          action={{ href: listHref(page.path, view, { Skip: undefined }), label: t.docs.lists.firstPage }}
        />
      ) : searched ? (
        <EmptyState
          message={fill(m.noneFound, { q: view.q.trim() })}
          action={{ href: clearSearch, label: t.docs.search.clear }}
        />
      ) : view.filtered ? (
        <EmptyState message={m.noneMatch} action={{ href: page.path, label: t.docs.filters.clear }} />
      ) : (
        <EmptyState message={m.none} />
      );
  } else if (list) {
    body = (
      <>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <PaymentTotalsBar totals={list.totals} texts={m} locale={locale} />
          <ExportLinks path={page.path} view={view} available texts={t.docs} hint={m.export.hint} />
        </div>
        <div className="mt-4">
          <PaymentTable
            payments={list.payments}
            accounts={page.accounts}
            invoices={list.invoices}
            tenantId={tenantId}
            sorting={{ sort: list.sort, hrefOf: (sort) => listHref(page.path, view, { sort, Skip: undefined }) }}
            texts={m}
            locale={locale}
          />
        </div>
        <Pager
          links={pagerOf(page.path, view, list.payments.length, list.totals.count)}
          from={view.skip + 1}
          to={view.skip + list.payments.length}
          total={list.totals.count}
          texts={t.docs}
          locale={locale}
        />
      </>
    );
  }

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{m.title}</h2>
        <div className="flex flex-wrap gap-4 text-sm">
          <Link href={companyPath(tenantId, 'payments', 'import')} className={linkClass} data-import-statement="">
            {importUploadTexts[locale].linkFromPayments}
          </Link>
          <Link href={companyPath(tenantId, 'imports')} className={linkClass}>
            {importUploadTexts[locale].linkToImports}
          </Link>
          <Link href={companyPath(tenantId, 'accounts')} className={linkClass}>
            {m.toAccounts}
          </Link>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600" data-payments-note="">
        {m.onlyWithAccount}
      </p>
      {page.mirror && (
        <MoneyFreshness status={page.mirror} state={state} t={t} locale={locale} tenantId={tenantId} back={page.href} />
      )}
      {page.mirror && (
        <SearchBox
          action={page.path}
          q={view.q}
          keep={keptParameters(view, ['q', 'Skip'])}
          clearHref={searched ? clearSearch : null}
          disabled={!ready}
          placeholder={m.search}
          texts={t.docs.search}
        />
      )}
      <FilterForm
        keep={keptParameters(view, [...Object.keys(view.values), 'Top', 'Skip'])}
        action={page.path}
        fields={paymentFilterFields(page.accounts, t)}
        values={view.values}
        invalid={view.ok ? [] : view.invalid}
        top={view.top}
        clearHref={page.path}
        texts={docs}
      />
      {body}
    </>
  );
}
