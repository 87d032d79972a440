import { Link } from '@/components/link';
import { fill } from '@/lib/base/i18n/documents';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import type { Locale, Messages } from '@/lib/base/i18n/messages';
import type { FilterFormField } from '@/lib/features/documents/filter-fields';
import { accountLabelOf } from '@/lib/features/money/labels';
import type { PaymentsPage } from '@/lib/features/money/payments-page';
import type { PaymentAccountRow } from '@/lib/features/money/queries/accounts';
import { listHref } from '@/lib/service/records/list-view';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from '../detail-parts';
import { ExportLinks } from '../export-links';
import { FilterForm } from '../filter-form';
import { keptParameters } from '../list/kept-parameters';
import { ListEmpty } from '../list/list-empty';
import { ListHeading, PagedTable, TotalsRow } from '../list/list-frame';
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
  const { view, state } = page;
  // The documents' filter form, its words for the payments' fields.
  const docs = { ...t.docs, filters: { ...t.docs.filters, fields: { ...t.docs.filters.fields, ...m.filters } } };
  const searched = view.q.trim() !== '';
  const ready = state.state === 'ready';

  return (
    <>
      <ListHeading title={m.title}>
        <Link href={companyPath(tenantId, 'payments', 'import')} className={linkClass} data-import-statement="">
          {importUploadTexts[locale].linkFromPayments}
        </Link>
        <Link href={companyPath(tenantId, 'imports')} className={linkClass}>
          {importUploadTexts[locale].linkToImports}
        </Link>
        <Link href={companyPath(tenantId, 'accounts')} className={linkClass}>
          {m.toAccounts}
        </Link>
      </ListHeading>
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
          clearHref={searched ? listHref(page.path, view, { q: undefined, Skip: undefined }) : null}
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
      <PaymentsBody page={page} tenantId={tenantId} t={t} locale={locale} />
    </>
  );
}

type BodyProps = { page: PaymentsPage; tenantId: string; t: Messages; locale: Locale };

/** Why the copy cannot show the payments, what is empty and the way out of it, or the totals, the table and pager. */
function PaymentsBody({ page, tenantId, t, locale }: BodyProps) {
  const m = t.money;
  const { view, list, state } = page;
  if (state.state !== 'ready') return <PaymentsUnavailable state={state} t={t} locale={locale} retryHref={page.href} />;
  if (!list) return null;
  if (list.payments.length === 0)
    return (
      <ListEmpty
        skip={view.skip}
        firstPageHref={listHref(page.path, view, { Skip: undefined })}
        noMatch={
          view.q.trim() !== ''
            ? {
                message: fill(m.noneFound, { q: view.q.trim() }),
                href: listHref(page.path, view, { q: undefined, Skip: undefined }),
                label: t.docs.search.clear,
              }
            : null
        }
        filtered={view.filtered ? { message: m.noneMatch, href: page.path, label: t.docs.filters.clear } : null}
        none={m.none}
        lists={t.docs.lists}
      />
    );
  return (
    <>
      <TotalsRow>
        <PaymentTotalsBar totals={list.totals} texts={m} locale={locale} />
        <ExportLinks path={page.path} view={view} available texts={t.docs} hint={m.export.hint} />
      </TotalsRow>
      <PagedTable
        paging={{ path: page.path, view, shown: list.payments.length, total: list.totals.count }}
        texts={t.docs}
        locale={locale}
      >
        <PaymentTable
          payments={list.payments}
          accounts={page.accounts}
          invoices={list.invoices}
          tenantId={tenantId}
          sorting={{ sort: list.sort, hrefOf: (sort) => listHref(page.path, view, { sort, Skip: undefined }) }}
          texts={m}
          locale={locale}
        />
      </PagedTable>
    </>
  );
}
