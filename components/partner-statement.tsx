import type { ReactNode } from 'react';

import { Link } from '@/components/link';
import { escapeHtml } from '@/lib/base/http/html';
import { countOf, type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import { formatDay, formatMoney, formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { PartnerTexts } from '@/lib/base/i18n/partners-sk';
import { isNegativeAmount, isZeroAmount } from '@/lib/base/money';
import type { StatementPage } from '@/lib/features/partners/pages';
import { AGEING_BUCKETS } from '@/lib/features/partners/queries/ageing-buckets';
import type { PartnerRow } from '@/lib/features/partners/queries/partners';
import type { StatementCurrency, StatementLine } from '@/lib/features/partners/queries/statement';
import { companyPath, expenseTypeLabel, kindPath } from '@/lib/service/records/present';

import { linkClass } from './detail-parts';
import { PartnersFreshness, PartnersUnavailable } from './partners-frame';
import { PrintButton } from './print-button';
import { type Column, figures, RowHeader, Table, Td } from './table';

type Props = {
  page: StatementPage;
  tenantId: string;
  texts: PartnerTexts;
  docs: DocumentTexts;
  locale: Locale;
};

/** An exact decimal without its sign ("-30.00" → "30.00"): the credit column shows what a credit takes off. */
const unsigned = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : amount);
const money = (amount: string | null, currency: string, locale: Locale) =>
  amount === null ? '—' : formatMoney(amount, currency, locale);

/**
 * A partner's statement (lib/features/partners/queries/statement.ts), a page meant to be printed on A4 and sent as a balance
 * confirmation: who states it to whom and as of which day at the top; a summary in EUR (on screen); per currency
 * every invoice, expense and payment by date with a running balance and what is overdue by how many days, each
 * document linking to its page; at the end the totals, the ageing and the confirmation (on the last printed page).
 * The stylesheet beside the page (statement.css: its lines on screen, and the print) leaves the company's header, tabs and everything marked
 * `print:hidden` out.
 */
// Long (about 110 lines) on purpose: a printed statement reads top to bottom, so its markup stays in one piece in
// the order of the page; the amounts come computed from the loader.
export function PartnerStatement({ page, tenantId, texts, docs, locale }: Props) {
  const s = texts.statement;
  const { loaded, mirror } = page;
  const today = formatDay(page.today, locale);
  return (
    <article data-statement="" aria-labelledby="statement-title" className="statement">
      <Link href={companyPath(tenantId, 'partners')} className={`text-sm print:hidden ${linkClass}`}>
        {s.back}
      </Link>
      <header className="mt-2">
        <h2 id="statement-title" className="text-lg font-semibold text-slate-900">
          {s.title}
        </h2>
        <p className="text-sm text-slate-700" data-statement-day={page.today}>
          {fill(s.asOf, { day: today })}
        </p>
        <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 print:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{s.company}</dt>
            <dd className="font-medium text-slate-900" data-statement-company="">
              {page.companyName ?? tenantId}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{s.partner}</dt>
            <dd className="font-medium text-slate-900" data-statement-partner="">
              {loaded?.partner.name ?? loaded?.summary.name ?? page.key}
            </dd>
            {loaded && (
              <dd className="text-slate-700">
                {[
                  loaded.partner.registrationId && `${s.registrationId} ${loaded.partner.registrationId}`,
                  loaded.partner.taxId && `${s.taxId} ${loaded.partner.taxId}`,
                  loaded.partner.vatId && `${s.vatId} ${loaded.partner.vatId}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                {loaded.partner.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </dd>
            )}
          </div>
        </dl>
      </header>
      {mirror.status && (
        <PartnersFreshness
          status={mirror.status}
          texts={texts}
          docs={docs}
          locale={locale}
          refresh={{ action: companyPath(tenantId, 'sync'), back: page.path }}
        />
      )}
      {loaded ? (
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
            <Summary summary={loaded.summary} texts={texts} locale={locale} />
            <nav aria-label={s.export} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <a href={`${page.path}/export.csv`} className={linkClass} data-export="csv">
                {s.csv}
              </a>
              <a href={`${page.path}/export.xlsx`} className={linkClass} data-export="xlsx">
                {s.xlsx}
              </a>
              <PrintButton label={s.print} />
            </nav>
          </div>
          {loaded.statement.currencies.map((currency) => (
            <section key={currency.currency} className="mt-6" data-statement-currency={currency.currency}>
              <Lines
                lines={loaded.statement.lines.filter((line) => line.currency === currency.currency)}
                currency={currency.currency}
                tenantId={tenantId}
                texts={texts}
                docs={docs}
                locale={locale}
              />
            </section>
          ))}
          <section
            aria-labelledby="statement-totals"
            data-statement-totals=""
            className="statement-totals mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h3 id="statement-totals" className="sr-only">
              {s.summary}
            </h3>
            {loaded.statement.currencies.map((currency) => (
              <CurrencyTotals key={currency.currency} totals={currency} today={today} texts={texts} locale={locale} />
            ))}
            <Ageing summary={loaded.summary} texts={texts} locale={locale} />
            <p className="mt-4 text-sm text-slate-800">{fill(s.confirmation, { day: today })}</p>
            <p className="mt-6 hidden border-t border-dotted border-slate-400 pt-1 text-xs text-slate-600 print:block">
              {s.signature}
            </p>
          </section>
          <ul className="mt-4 list-disc space-y-1 pl-5 text-xs text-slate-600 print:hidden">
            {s.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      ) : (
        <PartnersUnavailable mirror={mirror} texts={texts} docs={docs} retryHref={page.path} />
      )}
    </article>
  );
}

function Summary({ summary, texts, locale }: { summary: PartnerRow; texts: PartnerTexts; locale: Locale }) {
  const s = texts.statement;
  const item = (label: string, amount: string, data: string, alert = false) => (
    <p className="text-slate-700">
      {label}:{' '}
      <span
        className={`font-medium tabular-nums ${alert && !isZeroAmount(amount) ? 'text-rose-700' : 'text-slate-900'}`}
        {...{ [`data-${data}`]: amount }}
      >
        {money(amount, 'EUR', locale)}
      </span>
    </p>
  );
  return (
    <section
      aria-label={s.summary}
      className="flex flex-wrap items-baseline gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm shadow-sm"
    >
      {item(texts.totals.receivables, summary.receivables, 'receivables')}
      {item(s.overdueReceivables, summary.overdueReceivables, 'overdue', true)}
      {item(texts.totals.payables, summary.payables, 'payables')}
      {item(s.overduePayables, summary.overduePayables, 'overdue-payables', true)}
      {item(s.balanceEur, summary.balance, 'balance')}
    </section>
  );
}

function typeOf(line: StatementLine, texts: PartnerTexts, docs: DocumentTexts): string {
  const s = texts.statement;
  if (line.line === 'payment') return s.payment;
  if (line.line === 'settled') return s.settled;
  if (line.kind === 'expenses') return expenseTypeLabel(line.documentType, docs);
  if (line.invoiceType === 1) return docs.creditNote;
  if (line.invoiceType === 2) return docs.advanceInvoice;
  return s.invoice;
}

/**
 * The statement's lines, by date, with the running balance. The body is written as one HTML string (every text
 * escaped by the one escaper, lib/base/http/html.ts) and styled by statement.css beside the page: 2 000 documents
 * and their payments are thousands of rows, which as React elements cost the page most of its time and several
 * megabytes (each cell's element and classes twice: in the HTML and in the page's payload). The rows carry the
 * document's link (a plain link: a full page load) and the line's kind (`data-line`); the last, the closing balance.
 */
function Lines({
  lines,
  currency,
  tenantId,
  texts,
  docs,
  locale,
}: {
  lines: StatementLine[];
  currency: string;
  tenantId: string;
  texts: PartnerTexts;
  docs: DocumentTexts;
  locale: Locale;
}) {
  const s = texts.statement;
  const c = s.columns;
  const columns: Column[] = [
    c.day,
    c.document,
    c.type,
    c.dueDate,
    ...figures(c.daysOverdue, c.leftToPay, c.debit, c.credit, c.balance),
  ];
  const cell = (text: string) => `<td>${escapeHtml(text)}`;
  // A few hundred days among thousands of lines: each formatted once.
  const days = new Map<string, string>();
  const dayText = (day: string) => {
    let text = days.get(day);
    if (text === undefined) days.set(day, (text = formatDay(day, locale)));
    return text;
  };
  const rows = lines.map((line, index) => {
    const link = `<a href="${escapeHtml(kindPath(tenantId, line.kind, line.id))}">${escapeHtml(line.documentNumber ?? s.withoutNumber)}</a>`;
    const effect = line.effect;
    const late =
      line.daysOverdue === null ? '<td>' : `<td class=late>${escapeHtml(formatNumber(line.daysOverdue, locale, 0))}`;
    return (
      // Attribute values of letters and digits need no quotes, and a row's and a cell's end tags may be left out (HTML
      // allows both): every character counts twice, and every tag's brackets six times over in the page's payload.
      // The last line carries the closing balance (an exact decimal) for scripts and tests to read.
      `<tr data-line=${line.line}${index === lines.length - 1 ? ` data-closing="${escapeHtml(line.balance)}"` : ''}>` +
      `<th scope=row>${escapeHtml(line.day ? dayText(line.day) : '—')}` +
      `<td>${line.line === 'payment' ? `${escapeHtml(s.payment)} ${link}` : link}` +
      cell(typeOf(line, texts, docs)) +
      cell(line.dueDate ? dayText(line.dueDate) : '') +
      late +
      cell(line.line === 'document' ? money(line.amountDue, currency, locale) : '') +
      cell(effect !== null && !isNegativeAmount(effect) ? money(effect, currency, locale) : '') +
      cell(effect !== null && isNegativeAmount(effect) ? money(unsigned(effect), currency, locale) : '') +
      cell(money(line.balance, currency, locale))
    );
  });
  return (
    <Table
      caption={fill(s.caption, { currency })}
      columns={columns}
      cards="labelled"
      tableClass="statement-lines"
      rowsHtml={rows.join('')}
    />
  );
}

function CurrencyTotals({
  totals,
  today,
  texts,
  locale,
}: {
  totals: StatementCurrency;
  today: string;
  texts: PartnerTexts;
  locale: Locale;
}) {
  const s = texts.statement;
  const m = (amount: string) => money(amount, totals.currency, locale);
  const side = isNegativeAmount(totals.balance) ? s.weOwe : isZeroAmount(totals.balance) ? s.settledUp : s.owesUs;
  const row = (label: string, value: ReactNode, data?: string, amount?: string) => (
    <div className="flex justify-between gap-4 py-0.5">
      <dt className="text-slate-700">{label}</dt>
      <dd className="tabular-nums text-slate-900" data-total={data} data-amount={amount}>
        {value}
      </dd>
    </div>
  );
  return (
    <section
      className="mb-4 break-inside-avoid"
      aria-label={fill(s.totals, { currency: totals.currency })}
      data-currency-totals={totals.currency}
    >
      <h4 className="font-semibold text-slate-900">
        {fill(s.totals, { currency: totals.currency })} ·{' '}
        <span className="font-normal text-slate-600">{countOf(totals.documents, s.documents, locale)}</span>
      </h4>
      <dl className="mt-1 max-w-lg text-sm">
        {row(s.debitTotal, m(totals.debit), 'debit', totals.debit)}
        {row(s.creditTotal, m(totals.credit), 'credit', totals.credit)}
        {row(
          fill(s.closing, { day: today }),
          <strong>
            {m(unsigned(totals.balance))} ({side})
          </strong>,
          'balance',
          totals.balance,
        )}
        {row(s.receivables, m(totals.receivables))}
        {row(s.overdueReceivables, m(totals.overdueReceivables))}
        {row(s.payables, m(totals.payables))}
        {row(s.overduePayables, m(totals.overduePayables))}
      </dl>
    </section>
  );
}

function Ageing({ summary, texts, locale }: { summary: PartnerRow; texts: PartnerTexts; locale: Locale }) {
  const s = texts.statement;
  return (
    <div className="break-inside-avoid">
      <Table
        caption={s.ageingCaption}
        cards="labelled"
        columns={[s.side, ...AGEING_BUCKETS.map((bucket) => ({ label: texts.buckets[bucket], numeric: true }))]}
      >
        {(
          [
            [s.receivablesRow, summary.receivablesAgeing],
            [s.payablesRow, summary.payablesAgeing],
          ] as const
        ).map(([label, ageing]) => (
          <tr key={label}>
            <RowHeader>{label}</RowHeader>
            {AGEING_BUCKETS.map((bucket) => (
              <Td key={bucket} numeric>
                {money(ageing[bucket], 'EUR', locale)}
              </Td>
            ))}
          </tr>
        ))}
      </Table>
    </div>
  );
}
