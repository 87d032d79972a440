import { Link } from '@/components/link';
import { countOf, fill } from '@/lib/base/i18n/documents';
import { formatDay, formatNumber } from '@/lib/base/i18n/format';
import type { Locale, Messages } from '@/lib/base/i18n/messages';
import { ibanForPeople } from '@/lib/base/iban';
import {
  accountPaymentsHref,
  type AccountsPage,
  neighbourMonths,
  type Period,
} from '@/lib/features/money/accounts-page';
import type { CurrencySum } from '@/lib/features/money/queries/payments';
import { companyPath } from '@/lib/service/records/present';

import { linkClass, plainLinkClass } from '../detail-parts';
import { EmptyState } from '../empty-state';
import { ListIntro } from '../list/list-frame';
import { RowHeader, Table, Td } from '../table';
import { CurrencySums } from './currency-sums';
import { MoneyFreshness, PaymentsUnavailable } from './payments-state';

const control =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 aria-invalid:border-rose-500 aria-invalid:ring-1 aria-invalid:ring-rose-500';

const periodHref = (path: string, period: Period) => `${path}?${new URLSearchParams({ ...period })}`;

/** The period's form (a GET form: from and to), an invalid value marked beside its field, and the months around it. */
function PeriodForm({ page, t }: { page: AccountsPage; t: Messages }) {
  const a = t.money.accounts;
  const invalid = page.view.ok ? [] : page.view.invalid;
  const months = page.view.ok ? neighbourMonths(page.view.period, page.today) : null;
  const label = (name: 'from' | 'to') => (name === 'from' ? a.from : a.to);
  return (
    <form
      method="get"
      action={page.path}
      key={JSON.stringify(page.view.values)}
      className="mt-4 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm"
      aria-describedby={invalid.length > 0 ? 'period-errors' : undefined}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{a.period}</legend>
        {invalid.length > 0 && (
          <div
            id="period-errors"
            role="alert"
            className="mt-2 rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900"
          >
            <p className="font-medium">{fill(a.invalid, { fields: invalid.map(label).join(', ') })}</p>
            <p className="mt-1">{a.invalidHint}</p>
          </div>
        )}
        <div className="mt-2 flex flex-wrap items-end gap-3">
          {(['from', 'to'] as const).map((name) => {
            const value = page.view.values[name];
            const isInvalid = invalid.includes(name);
            const shown = page.view.ok ? page.view.period[name] : value;
            return (
              <div key={name}>
                <label htmlFor={`period-${name}`} className="block text-xs font-medium text-slate-700">
                  {label(name)}
                </label>
                <input
                  id={`period-${name}`}
                  name={name}
                  // A value the date picker would silently drop is shown as text, so the user sees it.
                  type={isInvalid ? 'text' : 'date'}
                  defaultValue={shown}
                  aria-invalid={isInvalid || undefined}
                  className={control}
                />
              </div>
            );
          })}
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring"
          >
            {a.show}
          </button>
        </div>
        {months && (
          <nav aria-label={a.period} className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link href={periodHref(page.path, months.previous)} className={linkClass}>
              {a.previousMonth}
            </Link>
            <Link href={page.path} className={linkClass}>
              {a.thisMonth}
            </Link>
            <Link href={periodHref(page.path, months.next)} className={linkClass}>
              {a.nextMonth}
            </Link>
          </nav>
        )}
      </fieldset>
    </form>
  );
}

function countOfSums(sums: CurrencySum[]): number {
  return sums.reduce((total, each) => total + each.count, 0);
}

/** The payments' count and sums of one row ("—" while they are not known). */
function PaymentCells({ sums, t, locale }: { sums: CurrencySum[] | null; t: Messages; locale: Locale }) {
  if (sums === null)
    return (
      <>
        <Td numeric>—</Td>
        <Td numeric>—</Td>
      </>
    );
  const count = countOfSums(sums);
  return (
    <>
      <Td numeric>
        <span data-account-payments={count}>
          {count === 0 ? t.money.accounts.noPayments : formatNumber(count, locale, 0)}
        </span>
      </Td>
      <Td numeric>{count === 0 ? '—' : <CurrencySums sums={sums} texts={t.money} locale={locale} />}</Td>
    </>
  );
}

/** An account's name, linked to its payments in the period (the list says its count and totals them alike). */
function AccountName({ name, href, label }: { name: string; href: string | null; label: string }) {
  return href ? (
    <Link href={href} className={plainLinkClass} title={label}>
      {name}
    </Link>
  ) : (
    <>{name}</>
  );
}

/**
 * The company's bank and cash accounts (GET /api/payments/accounts, as its copy holds them) with their payments'
 * count and sum per currency in the chosen period (this month by default), each linking to the payments' list of the
 * account in that period; payments naming an account the list does not have, and every account together, below.
 */
export function AccountsView({
  page,
  tenantId,
  t,
  locale,
}: {
  page: AccountsPage;
  tenantId: string;
  t: Messages;
  locale: Locale;
}) {
  const a = t.money.accounts;
  const { state, view, sums } = page;
  const period = view.ok ? view.period : null;
  return (
    <>
      <Link href={companyPath(tenantId, 'payments')} className={`text-sm ${linkClass}`}>
        {a.backToPayments}
      </Link>
      <ListIntro title={a.title} intro={a.intro} belowLink />
      {page.mirror && (
        <MoneyFreshness status={page.mirror} state={state} t={t} locale={locale} tenantId={tenantId} back={page.href} />
      )}
      <PeriodForm page={page} t={t} />
      {state.state !== 'ready' && state.state !== 'preparing' && (
        <PaymentsUnavailable state={state} t={t} locale={locale} retryHref={page.href} />
      )}
      {state.state === 'preparing' && page.accounts !== null && (
        <p role="status" className="mt-4 text-sm text-slate-700" data-payments-unavailable="preparing">
          {fill(a.sumsPreparing, { count: countOf(state.read, t.money.payments, locale) })}
        </p>
      )}
      {view.ok && page.accounts === null && (state.state === 'ready' || state.state === 'preparing') && (
        <EmptyState message={a.notMirrored} />
      )}
      {view.ok &&
        page.accounts !== null &&
        page.accounts.length === 0 &&
        (sums?.unlisted.length ?? 0) === 0 &&
        (state.state === 'ready' || state.state === 'preparing') && <EmptyState message={a.none} />}
      {period && <AccountsTable page={page} period={period} tenantId={tenantId} t={t} locale={locale} />}
    </>
  );
}

type TableProps = { page: AccountsPage; period: Period; tenantId: string; t: Messages; locale: Locale };

/** The accounts with their payments in the period, those the payments name that the list lacks, and all of them. */
function AccountsTable({ page, period, tenantId, t, locale }: TableProps) {
  const a = t.money.accounts;
  const { sums } = page;
  if ((page.accounts?.length ?? 0) === 0 && (sums?.unlisted.length ?? 0) === 0) return null;
  const hrefOf = (accountId: string) => accountPaymentsHref(tenantId, accountId, period);
  const sumsOf = (accountId: string) =>
    sums ? (sums.accounts?.find((account) => account.id === accountId)?.payments ?? []) : null;
  const caption = fill(a.caption, { from: formatDay(period.from, locale), to: formatDay(period.to, locale) });
  return (
    <div className="mt-4">
      <Table
        caption={caption}
        cards="labelled"
        columns={[
          a.columns.name,
          a.columns.kind,
          a.columns.iban,
          a.columns.currency,
          { label: a.columns.count, numeric: true },
          { label: a.columns.sum, numeric: true },
        ]}
      >
        {(page.accounts ?? []).map((account) => {
          const name = account.name ?? fill(t.money.unknownAccount, { id: account.id });
          return (
            <tr key={account.id} data-account-id={account.id} className="hover:bg-slate-50">
              <RowHeader>
                <AccountName name={name} href={hrefOf(account.id)} label={fill(a.showPayments, { name })} />
              </RowHeader>
              <Td>{a.kinds[account.kind ?? 'unknown']}</Td>
              <Td nowrap>{account.iban ? ibanForPeople(account.iban) : '—'}</Td>
              <Td>{account.currency ?? '—'}</Td>
              <PaymentCells sums={sumsOf(account.id)} t={t} locale={locale} />
            </tr>
          );
        })}
        {sums && <UnlistedRows sums={sums} hrefOf={hrefOf} t={t} locale={locale} />}
        {sums && <AllRow sums={sums} t={t} locale={locale} />}
      </Table>
    </div>
  );
}

type Sums = NonNullable<AccountsPage['sums']>;

/** Payments naming no account, or one the accounts' list does not have: a row each, marked as not listed. */
function UnlistedRows({
  sums,
  hrefOf,
  t,
  locale,
}: {
  sums: Sums;
  hrefOf: (accountId: string) => string;
  t: Messages;
  locale: Locale;
}) {
  const a = t.money.accounts;
  return sums.unlisted.map((each) => {
    const name = each.accountId === null ? t.money.noAccount : fill(t.money.unknownAccount, { id: each.accountId });
    return (
      <tr key={`unlisted-${each.accountId ?? ''}`} data-account-unlisted={each.accountId ?? ''}>
        <RowHeader>
          <AccountName
            name={name}
            href={each.accountId === null ? null : hrefOf(each.accountId)}
            label={fill(a.showPayments, { name })}
          />
          <span className="block text-xs font-normal text-slate-500">{a.unlisted}</span>
        </RowHeader>
        <Td>—</Td>
        <Td>—</Td>
        <Td>—</Td>
        <PaymentCells sums={each.payments} t={t} locale={locale} />
      </tr>
    );
  });
}

/** The totals row: every account's payments together. */
function AllRow({ sums, t, locale }: { sums: Sums; t: Messages; locale: Locale }) {
  return (
    <tr data-accounts-all="" className="bg-slate-50 font-medium">
      <RowHeader>{t.money.accounts.all}</RowHeader>
      <Td>{''}</Td>
      <Td>{''}</Td>
      <Td>{''}</Td>
      <Td numeric>{countOf(countOfSums(sums.all), t.money.payments, locale)}</Td>
      <Td numeric>{sums.all.length === 0 ? '—' : <CurrencySums sums={sums.all} texts={t.money} locale={locale} />}</Td>
    </tr>
  );
}
