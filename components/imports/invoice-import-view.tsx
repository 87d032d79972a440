import { Link } from '@/components/link';
import { documentTexts, fill } from '@/lib/base/i18n/documents';
import { formatDay, formatMoney, formatNumber } from '@/lib/base/i18n/format';
import { describeInvoiceProblem, type InvoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import { invoiceSheetTexts, partnerWarningWords } from '@/lib/base/i18n/invoice-sheet';
import type { Locale } from '@/lib/base/i18n/messages';
import type { LineState } from '@/lib/base/imports/states';
import { importPageOfKind } from '@/lib/features/imports/import-paths';
import type { InvoiceImportPageData, InvoicePageLine } from '@/lib/features/imports/invoice-import-page';
import { kindPath } from '@/lib/service/records/present';

import { linkClass, plainLinkClass } from '../detail-parts';
import { type Column, RowHeader, Td } from '../table';
import {
  ImportFrame,
  ImportHeader,
  ImportSummary,
  OutcomeNotice,
  outcomeStillTrue,
  pluralOf,
  primaryButton,
  SendPart,
  StateBadge,
} from './import-parts';

/** The states the summary always shows; the others once an invoice is in them. */
const ALWAYS: readonly LineState[] = ['ready', 'invalid', 'duplicate'];

const money = (amount: string | null | undefined, currency: string, locale: Locale) =>
  amount ? formatMoney(amount, currency || null, locale) : '';

const quantity = (amount: string, locale: Locale) => (amount === '' ? '' : formatNumber(amount, locale));

/** The invoice's number (or that its sequence numbers it), its sequence, its dates and the file rows it came from. */
function InvoiceCell({ line, texts, locale }: { line: InvoicePageLine; texts: InvoiceImportTexts; locale: Locale }) {
  const f = line.facts;
  // An invoice the sequence numbered: once created, the number KROS gave it.
  const created = line.state === 'done' ? (line.document?.documentNumber ?? '') : '';
  return (
    <div className="min-w-36 space-y-0.5">
      <span className="block font-medium text-slate-900" data-document-number={f.documentNumber}>
        {f.documentNumber ||
          created ||
          (f.numberingSequence ? fill(texts.numbered, { sequence: f.numberingSequence }) : texts.numberedDefault)}
      </span>
      {(f.documentNumber || created) && f.numberingSequence && (
        <span className="block text-xs font-normal text-slate-600">
          {fill(texts.sequence, { sequence: f.numberingSequence })}
        </span>
      )}
      {f.issueDate && (
        <span className="block text-xs font-normal text-slate-600">
          {fill(texts.issued, { date: formatDay(f.issueDate, locale) })}
        </span>
      )}
      {f.dueDate && (
        <span className="block text-xs font-normal text-slate-600">
          {fill(texts.due, { date: formatDay(f.dueDate, locale) })}
        </span>
      )}
      {f.rows.length > 0 && (
        <span className="block text-xs font-normal text-slate-500" data-rows={f.rows.join(' ')}>
          {fill(texts.rows, { rows: f.rows.join(', ') })}
        </span>
      )}
    </div>
  );
}

/** The customer as the invoice names it, and the warnings about customers that concern it. */
function PartnerCell({ line, texts, locale }: { line: InvoicePageLine; texts: InvoiceImportTexts; locale: Locale }) {
  const { partner, partnerWarnings } = line.facts;
  const p = texts.partner;
  const ids = [
    partner.registrationId && fill(p.registrationId, { value: partner.registrationId }),
    partner.taxId && fill(p.taxId, { value: partner.taxId }),
    partner.vatId && fill(p.vatId, { value: partner.vatId }),
  ].filter(Boolean);
  return (
    <div className="min-w-36 space-y-0.5">
      <span className="block break-words">{partner.name || <span className="text-slate-500">{p.none}</span>}</span>
      {ids.length > 0 && <span className="block text-xs text-slate-600">{ids.join(' · ')}</span>}
      {(partner.city || partner.email) && (
        <span className="block break-words text-xs text-slate-600">
          {[partner.city, partner.email].filter(Boolean).join(' · ')}
        </span>
      )}
      {partnerWarnings.length > 0 && (
        <ul
          className="space-y-0.5 text-xs text-amber-800"
          aria-label={texts.partnerWarnings}
          data-partner-warnings={partnerWarnings.length}
        >
          {partnerWarnings.map((warning, index) => (
            <li key={index}>{partnerWarningWords(warning, locale)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ItemsCell({ line, texts, locale }: { line: InvoicePageLine; texts: InvoiceImportTexts; locale: Locale }) {
  const { items, currency } = line.facts;
  return (
    <ul className="min-w-48 space-y-0.5" data-items={items.length}>
      {items.map((item, index) => (
        <li key={index} className="flex flex-wrap justify-between gap-x-3">
          <span className="break-words">
            {fill(texts.item, { amount: quantity(item.amount, locale), unit: item.measureUnit ?? '', name: item.name })}
          </span>
          <span className="whitespace-nowrap tabular-nums text-slate-700">
            {money(item.totalPriceInclVat, currency, locale)}
            {item.vatRate !== '' && (
              <span className="ml-1 text-xs text-slate-500">{fill(texts.itemVat, { rate: item.vatRate })}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The totals per VAT rate (base and VAT) and in all. */
function TotalsCell({ line, texts, locale }: { line: InvoicePageLine; texts: InvoiceImportTexts; locale: Locale }) {
  const { vatTotals, total, currency } = line.facts;
  const t = texts.totals;
  return (
    <div className="min-w-40 space-y-0.5 text-sm">
      {vatTotals.map((rate) => (
        <div key={rate.vatRate} className="text-xs text-slate-600" data-vat-rate={rate.vatRate}>
          <span className="font-medium text-slate-700">{fill(t.rate, { rate: rate.vatRate })}</span>:{' '}
          {fill(t.base, { amount: money(rate.base, currency, locale) })},{' '}
          {fill(t.vat, { amount: money(rate.vat, currency, locale) })}
        </div>
      ))}
      <div className="whitespace-nowrap" data-total={total ?? ''} data-currency={currency}>
        {t.total}: <strong className="tabular-nums">{money(total, currency, locale)}</strong>
      </div>
      {line.facts.exchangeRate && line.facts.totalEur && (
        <div className="text-xs text-slate-600" data-exchange-rate={line.facts.exchangeRate}>
          <span className="block">
            {fill(t.exchangeRate, { rate: formatNumber(line.facts.exchangeRate, locale, 6), currency })}
          </span>
          <span className="block whitespace-nowrap" data-total-eur={line.facts.totalEur}>
            {t.inEur}: <span className="tabular-nums">{money(line.facts.totalEur, 'EUR', locale)}</span>
          </span>
        </div>
      )}
    </div>
  );
}

/**
 * The invoice the import would overwrite beside the new one: its total and how it is paid (what is left when partly),
 * as the company's copy has them now, then the new total.
 */
function ExistingBesideNew({
  line,
  texts,
  locale,
}: {
  line: InvoicePageLine;
  texts: InvoiceImportTexts;
  locale: Locale;
}) {
  const old = line.existing!;
  const e = texts.exists;
  const statuses = documentTexts[locale].paymentStatus;
  const key = String(old.paymentStatus) as keyof typeof statuses;
  const status = old.paymentStatus === null ? null : Object.hasOwn(statuses, key) ? statuses[key] : statuses.unknown;
  const oldCurrency = old.currency || line.facts.currency;
  const partly = old.paymentStatus === 3 && old.amountDue !== null;
  return (
    <dl
      className="grid grid-cols-[max-content_1fr] gap-x-2"
      data-existing-total={old.total ?? ''}
      data-existing-payment={old.paymentStatus ?? ''}
    >
      <dt>{e.now}</dt>
      <dd>
        <span className="whitespace-nowrap tabular-nums">{money(old.total, oldCurrency, locale)}</span>
        {status && (
          <>
            {' · '}
            {status}
            {partly && ` (${fill(e.left, { amount: money(old.amountDue, oldCurrency, locale) })})`}
          </>
        )}
      </dd>
      <dt>{e.after}</dt>
      <dd className="whitespace-nowrap tabular-nums">{money(line.facts.total, line.facts.currency, locale)}</dd>
    </dl>
  );
}

/** What an invoice's row and its state cell draw from. */
type InvoiceLineProps = {
  line: InvoicePageLine;
  tenantId: string;
  texts: InvoiceImportTexts;
  locale: Locale;
  describe: ReturnType<typeof describeInvoiceProblem>;
};

/** The invoice's state, the warning that its number is already at the service, its problems, what KROS created. */
function StateCell({ line, tenantId, texts, locale, describe }: InvoiceLineProps) {
  const exists = line.facts.exists;
  const unsent = line.state === 'ready' || line.state === 'invalid';
  const done = line.overwritten ? texts.overwritten : { state: texts.states.done, hint: texts.stateHints.done };
  return (
    <div className="min-w-40 space-y-1">
      <StateBadge
        state={line.state}
        texts={{
          ...texts,
          states: { ...texts.states, done: done.state },
          stateHints: { ...texts.stateHints, done: done.hint },
        }}
      />
      {exists && unsent && (
        <div
          className="rounded border border-amber-200 bg-amber-50 p-1.5 text-xs text-amber-900"
          data-exists={exists.id}
        >
          <p className="font-medium">{texts.exists.warning}</p>
          {line.existing && <ExistingBesideNew line={line} texts={texts} locale={locale} />}
          <p>{texts.exists.hint}</p>
          <Link href={kindPath(tenantId, 'invoices', exists.id)} className={plainLinkClass}>
            {texts.exists.link}
          </Link>
        </div>
      )}
      {line.problems.length > 0 && (
        <ul className="space-y-0.5 text-xs text-rose-800" data-line-problems={line.problems.length}>
          {line.problems.map((problem, index) => (
            <li key={index}>{describe(problem)}</li>
          ))}
        </ul>
      )}
      {line.state === 'done' && line.document && (
        <Link
          href={kindPath(tenantId, 'invoices', line.document.id)}
          className={`block text-xs ${plainLinkClass}`}
          data-created-document={line.document.id}
          aria-label={fill(texts.createdLink, { number: line.document.documentNumber || line.document.id })}
          data-overwritten={line.overwritten ? '' : undefined}
        >
          {fill(line.overwritten ? texts.overwritten.link : texts.created, {
            number: line.document.documentNumber || line.document.id,
          })}
        </Link>
      )}
    </div>
  );
}

/**
 * An import of invoices from a spreadsheet (issue 21): its file, who and when; the summary (counts per state, the sum
 * to be sent, how many invoices are already at KROS) with "Send N invoices to KROS" and the overwrite confirmation;
 * the failed rows to download; why sending stopped, or its progress (the page then refreshes itself); and the
 * invoices, each with its number, customer, items, totals per VAT rate and in all, state, problems naming the row,
 * the column and the value, and the invoice KROS created. Server-rendered; every control is a plain same-origin form.
 */
export function InvoiceImportView({
  data,
  tenantId,
  texts,
  locale,
}: {
  data: InvoiceImportPageData;
  tenantId: string;
  texts: InvoiceImportTexts;
  locale: Locale;
}) {
  const { detail, lines } = data;
  const page = importPageOfKind(tenantId, 'invoices', detail.id);
  const send = `${page}/send`;
  const describe = describeInvoiceProblem(locale);
  const c = texts.columns;
  const columns: Column[] = [c.invoice, c.partner, c.items, c.totals, c.state];

  return (
    <ImportFrame
      detail={detail}
      lines={lines}
      page={page}
      send={send}
      inProgress={data.inProgress}
      kindMarker="invoices"
      header={<ImportHeader detail={detail} tenantId={tenantId} section="invoices" texts={texts} locale={locale} />}
      notices={
        <>
          {data.outcome && outcomeStillTrue(data.outcome.outcome, detail) && (
            <OutcomeNotice outcome={data.outcome.outcome} warn={data.outcome.outcome !== 'queued'}>
              {fill(texts.outcomes[data.outcome.outcome], { count: data.outcome.count })}
            </OutcomeNotice>
          )}
          {data.ignoredColumns.length > 0 && (
            <OutcomeNotice outcome="ignored-columns" warn>
              {fill(invoiceSheetTexts[locale].ignoredColumns, { columns: data.ignoredColumns.join(', ') })}
            </OutcomeNotice>
          )}
        </>
      }
      summary={<InvoiceSummary data={data} page={page} send={send} texts={texts} locale={locale} />}
      columns={columns}
      texts={texts}
    >
      {lines.map((line) => (
        <InvoiceLineRow
          key={line.line}
          line={line}
          tenantId={tenantId}
          texts={texts}
          locale={locale}
          describe={describe}
        />
      ))}
    </ImportFrame>
  );
}

/**
 * The counts per state (done or overwritten, when any invoice was), the sum to be sent with "Send N invoices to KROS",
 * and the failed rows to download.
 */
function InvoiceSummary({
  data,
  page,
  send,
  texts,
  locale,
}: {
  data: InvoiceImportPageData;
  page: string;
  send: string;
  texts: InvoiceImportTexts;
  locale: Locale;
}) {
  const { detail } = data;
  const counts = detail.counts;
  return (
    <ImportSummary
      label={texts.summary.label}
      counts={counts}
      always={ALWAYS}
      texts={
        data.overwritten > 0 ? { ...texts, states: { ...texts.states, done: texts.summary.doneOrOverwritten } } : texts
      }
    >
      {data.overwritten > 0 && (
        <p className="mt-2 text-sm text-slate-800" data-overwritten-count={data.overwritten}>
          {fill(texts.summary.overwritten, { count: data.overwritten })}
        </p>
      )}
      <SendPart
        detail={detail}
        settledWords={data.overwritten > 0 ? texts.summary.settledOverwriting : texts.summary.settled}
        locale={locale}
        sums={{ label: texts.summary.toSend, none: texts.summary.sumNone, sums: data.toSend, marker: 'data-to-send' }}
      >
        <SendForm data={data} action={send} texts={texts} locale={locale} />
      </SendPart>
      {data.failed > 0 && (
        <p className="mt-3 text-sm" data-failed-rows={data.failed}>
          <a href={`${page}/failed.csv`} className={linkClass} download>
            {texts.failed.link}
          </a>
          <span className="mt-0.5 block text-xs text-slate-600">{texts.failed.hint}</span>
        </p>
      )}
    </ImportSummary>
  );
}

/** "Send N invoices to KROS", with the confirmation to overwrite when some are already at KROS. */
function SendForm({
  data,
  action,
  texts,
  locale,
}: {
  data: InvoiceImportPageData;
  action: string;
  texts: InvoiceImportTexts;
  locale: Locale;
}) {
  const counts = data.detail.counts;
  return (
    <>
      {data.existing > 0 && (
        <p className="mt-2 text-sm text-amber-900" data-existing={data.existing}>
          {fill(texts.summary.exists, { count: data.existing })}
        </p>
      )}
      <form method="post" action={action} className="mt-3 space-y-2">
        {data.existing > 0 && (
          <div>
            <label className="inline-flex items-start gap-2 text-sm text-slate-800">
              <input type="checkbox" name="overwrite" value="1" className="mt-0.5" data-overwrite="" />
              <span>{fill(texts.actions.overwrite, { count: data.existing })}</span>
            </label>
            <p className="ml-6 text-xs text-slate-600">{texts.actions.overwriteHint}</p>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButton} data-send={counts.ready}>
            {pluralOf(counts.ready, texts.actions.send, locale)}
          </button>
          <span className="text-xs text-slate-600">{texts.actions.sendHint}</span>
        </div>
      </form>
    </>
  );
}

/** One invoice: its number and dates, customer, items, totals, and its state with its problems. */
function InvoiceLineRow({ line, tenantId, texts, locale, describe }: InvoiceLineProps) {
  return (
    <tr className="hover:bg-slate-50" data-line={line.line} id={`line-${line.line}`}>
      <RowHeader>
        <InvoiceCell line={line} texts={texts} locale={locale} />
      </RowHeader>
      <Td>
        <PartnerCell line={line} texts={texts} locale={locale} />
      </Td>
      <Td>
        <ItemsCell line={line} texts={texts} locale={locale} />
      </Td>
      <Td>
        <TotalsCell line={line} texts={texts} locale={locale} />
      </Td>
      <Td>
        <StateCell line={line} tenantId={tenantId} texts={texts} locale={locale} describe={describe} />
      </Td>
    </tr>
  );
}
