import { Link } from '@/components/link';
import { fill } from '@/lib/base/i18n/documents';
import { formatDay, formatMoney } from '@/lib/base/i18n/format';
import { type ImportsTexts, problemWords } from '@/lib/base/i18n/imports';
import type { Locale } from '@/lib/base/i18n/messages';
import type { MoneyTexts } from '@/lib/base/i18n/money';
import { ibanForPeople } from '@/lib/base/iban';
import type { LineState } from '@/lib/base/imports/states';
import type { InvoiceLeft } from '@/lib/features/imports/import-claims';
import type { ImportPageData, PageLine } from '@/lib/features/imports/import-page';
import { CHANGEABLE, importPagePath } from '@/lib/features/imports/import-paths';
import type { LineProblem } from '@/lib/features/imports/views';
import { accountLabelOf } from '@/lib/features/money/labels';
import { companyPath, kindPath } from '@/lib/service/records/present';

import { plainLinkClass } from '../detail-parts';
import { type Column, RowHeader, Td } from '../table';
import {
  ImportFrame,
  ImportHeader,
  ImportSummary,
  LinkedWords,
  OutcomeNotice,
  outcomeStillTrue,
  pluralOf,
  primaryButton,
  SendPart,
  StateBadge,
  whenOf,
} from './import-parts';

const smallButton =
  'rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-ring';

/** The states the summary always shows; the others once a line is in them. */
const ALWAYS: readonly LineState[] = ['ready', 'unmatched', 'excluded', 'duplicate'];

/** One hidden `line` field and a button: a form of the page posting to one of the import's routes. */
function LineButton({
  action,
  fields,
  label,
  ariaLabel,
}: {
  action: string;
  fields: Record<string, string>;
  label: string;
  ariaLabel: string;
}) {
  return (
    <form method="post" action={action} className="inline">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={smallButton} aria-label={ariaLabel}>
        {label}
      </button>
    </form>
  );
}

function Amount({ line, locale }: { line: PageLine; locale: Locale }) {
  const { amount, currency, direction } = line.facts;
  return (
    <span data-amount={amount ?? ''} className={direction === 'debit' ? 'text-violet-800' : undefined}>
      {direction === 'debit' ? '−' : ''}
      {formatMoney(amount, currency, locale)}
    </span>
  );
}

/**
 * A duplicate's other import that holds the same payment, in place of a pairing that no longer applies (issue 31):
 * "Recorded by the import of 06:56, line 1, paid FA2026000211", neutral, linking that import's line and the invoice.
 */
function RecordedBy({
  by,
  tenantId,
  texts,
  locale,
}: {
  by: NonNullable<PageLine['recordedBy']>;
  tenantId: string;
  texts: ImportsTexts;
  locale: Locale;
}) {
  const r = texts.recordedBy;
  const invoice = by.document ? by.document.documentNumber || fill(texts.document, { number: by.document.id }) : null;
  const template =
    by.state === 'problem'
      ? r.problem
      : by.state === 'done'
        ? invoice === null
          ? r.doneNoInvoice
          : r.done
        : invoice === null
          ? r.sendingNoInvoice
          : r.sending;
  const page = importPagePath(tenantId, by.importId);
  return (
    <p className="text-xs text-slate-700" data-recorded-by={by.importId} data-recorded-line={by.line}>
      <LinkedWords
        template={template}
        values={{ when: whenOf(by.createdAt, locale), line: by.line, invoice: invoice ?? '' }}
        links={{
          i: { href: page, marker: 'import' },
          l: { href: `${page}#line-${encodeURIComponent(by.line)}`, marker: 'line' },
          ...(by.document ? { d: { href: kindPath(tenantId, 'invoices', by.document.id), marker: 'invoice' } } : {}),
        }}
      />
    </p>
  );
}

/** The paired invoice (a link), what the pairing says of it in words, and a suggestion to confirm. */
function PairingCell({
  line,
  tenantId,
  actions,
  texts,
  locale,
}: {
  line: PageLine;
  tenantId: string;
  actions: { lines: string };
  texts: ImportsTexts;
  locale: Locale;
}) {
  if (line.recordedBy) return <RecordedBy by={line.recordedBy} tenantId={tenantId} texts={texts} locale={locale} />;
  const pairing = line.facts.pairing;
  const words: string[] = [];
  for (const reason of pairing?.reasons ?? []) words.push(texts.reasons[reason]);
  if (line.document && pairing?.match) words.push(texts.reasons[pairing.match]);
  if (pairing?.sharedSymbol && !pairing.reasons.includes('shared-symbol')) words.push(texts.reasons['shared-symbol']);
  const suggestion = line.state === 'unmatched' ? pairing?.suggestion : null;
  const label = fill(texts.actions.lineLabel, { line: line.line });
  return (
    <div className="min-w-40 space-y-1">
      {line.document ? (
        <Link
          href={kindPath(tenantId, 'invoices', line.document.id)}
          className={plainLinkClass}
          data-paired-document={line.document.id}
        >
          {line.document.documentNumber || fill(texts.document, { number: line.document.id })}
        </Link>
      ) : (
        <span className="text-slate-500">{texts.noInvoice}</span>
      )}
      {line.sentSymbol !== null && (
        <span className="block text-xs text-slate-600">{fill(texts.sentWithSymbol, { symbol: line.sentSymbol })}</span>
      )}
      {words.length > 0 && (
        <ul className="space-y-0.5 text-xs text-slate-600" data-pairing-reasons={pairing?.reasons.join(' ')}>
          {words.map((word) => (
            <li key={word} className={word.startsWith('Pozor') || word.startsWith('Warning') ? 'text-amber-800' : ''}>
              {word}
            </li>
          ))}
        </ul>
      )}
      {suggestion && (
        <div
          className="rounded border border-amber-200 bg-amber-50 p-1.5 text-xs"
          data-suggestion={suggestion.document.id}
        >
          <p className="font-medium text-amber-900">
            {fill(texts.suggestion.label, {
              number: suggestion.document.documentNumber ?? suggestion.document.id,
            })}
          </p>
          <p className="text-amber-900">
            {suggestion.by === 'iban' ? texts.suggestion.byIban : texts.suggestion.byName}
          </p>
          {suggestion.candidates > 1 && (
            <p className="text-amber-900">{fill(texts.suggestion.more, { count: suggestion.candidates })}</p>
          )}
          <div className="mt-1">
            <LineButton
              action={actions.lines}
              fields={{ action: 'pair', line: line.line, invoice: suggestion.document.id }}
              label={texts.suggestion.confirm}
              ariaLabel={`${texts.suggestion.confirm} – ${label}`}
            />
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * Where a line probably recorded already was met: the other import's line, or the payment in the company's payments
 * (the list of that day, searched by the variable symbol: the money pages have no page of one payment).
 */
function recordedElsewhereLink(problem: LineProblem, tenantId: string, texts: ImportsTexts) {
  const params = problem.params ?? {};
  if (params.importId && params.line) {
    return {
      href: `${importPagePath(tenantId, params.importId)}#line-${encodeURIComponent(params.line)}`,
      label: fill(texts.actions.recordedLine, { line: params.line }),
    };
  }
  if (params.paymentId && params.date) {
    const query = new URLSearchParams({ PaymentDateFrom: params.date, PaymentDateTo: params.date });
    if (params.variableSymbol) query.set('q', params.variableSymbol);
    return { href: `${companyPath(tenantId, 'payments')}?${query.toString()}`, label: texts.actions.recordedPayment };
  }
  return null;
}

/** The line's state in words, its problems, and for a duplicate where it was sent before. */
function StateCell({ line, tenantId, texts }: { line: PageLine; tenantId: string; texts: ImportsTexts }) {
  // A duplicate's "already sent" is said by the line's recorded-by sentence; what else it has is no alarm either.
  const problems = line.recordedBy ? line.problems.filter((problem) => problem.code !== 'already-sent') : line.problems;
  const tone = line.state === 'duplicate' ? 'text-slate-600' : 'text-rose-800';
  return (
    <div className="min-w-32 space-y-1">
      <StateBadge state={line.state} texts={texts} />
      {problems.length > 0 && (
        <ul className={`space-y-0.5 text-xs ${tone}`} data-line-problems={problems.length}>
          {problems.map((problem, index) => {
            const elsewhere =
              problem.code === 'probably-recorded' ? recordedElsewhereLink(problem, tenantId, texts) : null;
            return (
              <li key={index} data-problem={problem.code}>
                {problemWords(problem, texts)}
                {elsewhere && (
                  <>
                    {' '}
                    <Link href={elsewhere.href} className={plainLinkClass} data-recorded-elsewhere={elsewhere.href}>
                      {elsewhere.label}
                    </Link>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {line.state === 'done' && line.document && (
        <span className="block text-xs text-slate-600">
          {fill(texts.document, { number: line.document.documentNumber || line.document.id })}
        </span>
      )}
    </div>
  );
}

type LineActions = { lines: string; send: string; page: string };

function ActionsCell({
  line,
  actions,
  searchOpen,
  searchQ,
  texts,
}: {
  line: PageLine;
  actions: LineActions;
  searchOpen: boolean;
  searchQ: string;
  texts: ImportsTexts;
}) {
  if (!CHANGEABLE.includes(line.state)) return null;
  const credit = line.facts.direction === 'credit' && line.payload !== null;
  return (
    <div className="flex min-w-32 flex-col items-start gap-1">
      <LineButtons line={line} credit={credit} actions={actions} texts={texts} />
      {credit && line.state !== 'excluded' && line.state !== 'probably-recorded' && (
        <PairSearch line={line} action={actions.page} open={searchOpen} q={searchQ} texts={texts} />
      )}
    </div>
  );
}

/** A line's buttons: exclude (or include again, unless it is outgoing), record as new, send it alone. */
function LineButtons({
  line,
  credit,
  actions,
  texts,
}: {
  line: PageLine;
  credit: boolean;
  actions: LineActions;
  texts: ImportsTexts;
}) {
  const a = texts.actions;
  const label = fill(a.lineLabel, { line: line.line });
  const outgoing = line.facts.pairing?.reasons.includes('outgoing') ?? false;
  return (
    <div className="flex flex-wrap gap-1">
      {line.state === 'excluded' ? (
        !outgoing && (
          <LineButton
            action={actions.lines}
            fields={{ action: 'include', line: line.line }}
            label={a.include}
            ariaLabel={`${a.include} – ${label}`}
          />
        )
      ) : (
        <LineButton
          action={actions.lines}
          fields={{ action: 'exclude', line: line.line }}
          label={a.exclude}
          ariaLabel={`${a.exclude} – ${label}`}
        />
      )}
      {line.state === 'probably-recorded' && credit && (
        <LineButton
          action={actions.lines}
          fields={{ action: 'confirm-new', line: line.line }}
          label={a.confirmNew}
          ariaLabel={`${a.confirmNew} – ${label}`}
        />
      )}
      {line.state === 'unmatched' && credit && (
        <LineButton
          action={actions.send}
          fields={{ line: line.line }}
          label={a.sendLine}
          ariaLabel={`${a.sendLine} – ${label}`}
        />
      )}
    </div>
  );
}

/** "Pair with another invoice": a search of the company's invoices for one line, open while its results show. */
function PairSearch({
  line,
  action,
  open,
  q,
  texts,
}: {
  line: PageLine;
  action: string;
  open: boolean;
  q: string;
  texts: ImportsTexts;
}) {
  const a = texts.actions;
  const label = fill(a.lineLabel, { line: line.line });
  return (
    <details open={open}>
      <summary className="cursor-pointer select-none text-xs font-medium text-brand-700 underline focus-ring">
        {a.pairOther}
      </summary>
      <form method="get" action={action} className="mt-1 flex flex-wrap items-end gap-1" role="search">
        <input type="hidden" name="pair" value={line.line} />
        <label className="sr-only" htmlFor={`pair-q-${line.line}`}>
          {`${a.search} – ${label}`}
        </label>
        <input
          id={`pair-q-${line.line}`}
          type="search"
          name="q"
          defaultValue={open ? q : ''}
          maxLength={100}
          placeholder={a.search}
          className="field w-44"
        />
        <button type="submit" className={smallButton}>
          {a.searchButton}
        </button>
      </form>
    </details>
  );
}

/** What is left to pay on an invoice found, and what the import's other lines pay of it when they do. */
function dueWords(invoice: InvoiceLeft, a: ImportsTexts['actions'], locale: Locale): string {
  const money = (amount: string) => formatMoney(amount, invoice.currency, locale);
  return invoice.paidByImport === null
    ? fill(a.due, { amount: money(invoice.amountDue) })
    : fill(a.dueAfterImport, { amount: money(invoice.amountDue), paid: money(invoice.paidByImport) });
}

/** The invoices the search found for one line, each with its "pair" button, in a row under the line. */
function SearchResults({
  data,
  actions,
  columns,
  texts,
  locale,
}: {
  data: NonNullable<ImportPageData['search']>;
  actions: { lines: string; page: string };
  columns: number;
  texts: ImportsTexts;
  locale: Locale;
}) {
  const a = texts.actions;
  if (data.results === null) return null;
  return (
    <tr data-pair-results={data.line}>
      <td colSpan={columns} className="bg-slate-50 px-2 py-2">
        {data.results.length === 0 ? (
          <p className="text-sm text-slate-700">{fill(a.searchNone, { q: data.q })}</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm">
            {data.results.map((invoice) => (
              <li
                key={invoice.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1"
                data-result={invoice.id}
              >
                <span className="font-medium text-slate-900">{invoice.documentNumber ?? invoice.id}</span>
                <span className="text-slate-700">{invoice.partnerName ?? ''}</span>
                <span className="text-slate-600">{invoice.variableSymbol ? `VS ${invoice.variableSymbol}` : ''}</span>
                <span className="tabular-nums text-slate-700" data-left={invoice.amountDue}>
                  {invoice.open ? dueWords(invoice, a, locale) : a.paid}
                </span>
                <LineButton
                  action={actions.lines}
                  fields={{ action: 'pair', line: data.line, invoice: invoice.id }}
                  label={a.pair}
                  ariaLabel={`${a.pair} – ${invoice.documentNumber ?? invoice.id}`}
                />
              </li>
            ))}
          </ul>
        )}
        <Link href={actions.page} className={`mt-1 inline-block text-xs ${plainLinkClass}`}>
          {a.cancel}
        </Link>
      </td>
    </tr>
  );
}

/** What the statement import's page and its header parts draw from. */
type ImportViewProps = {
  data: ImportPageData;
  tenantId: string;
  texts: ImportsTexts;
  money: MoneyTexts;
  locale: Locale;
};

/**
 * An import of a bank statement (issue 20): its file, who and when, the account; the summary (counts per state, the
 * sum to be recorded) with "Record N payments in KROS"; why sending stopped, or its progress while lines are on their
 * way (the page then refreshes itself); and the lines, each with its facts, the invoice it pays and why, its state and
 * problems in words, and its controls. Server-rendered; every control is a plain same-origin form.
 */
export function ImportView({ data, tenantId, texts, money, locale }: ImportViewProps) {
  const { detail, lines } = data;
  const page = importPagePath(tenantId, detail.id);
  const actions = { page, lines: `${page}/lines`, send: `${page}/send` };
  const c = texts.columns;
  const columns: Column[] = [
    c.date,
    { label: c.amount, numeric: true },
    c.counterparty,
    c.variableSymbol,
    c.reference,
    c.invoice,
    c.state,
    c.actions,
  ];

  return (
    <ImportFrame
      detail={detail}
      lines={lines}
      page={page}
      send={actions.send}
      inProgress={data.inProgress}
      header={<StatementHeader data={data} tenantId={tenantId} texts={texts} money={money} locale={locale} />}
      notices={<StatementOutcome data={data} tenantId={tenantId} texts={texts} locale={locale} />}
      summary={<RecordSummary data={data} action={actions.send} texts={texts} locale={locale} />}
      columns={columns}
      texts={texts}
    >
      {lines.flatMap((line) => {
        const row = (
          <StatementLineRow
            key={line.line}
            line={line}
            search={data.search}
            tenantId={tenantId}
            actions={actions}
            texts={texts}
            locale={locale}
          />
        );
        return data.search?.line === line.line
          ? [
              row,
              <SearchResults
                key={`${line.line}-results`}
                data={data.search}
                actions={actions}
                columns={columns.length}
                texts={texts}
                locale={locale}
              />,
            ]
          : [row];
      })}
    </ImportFrame>
  );
}

/** The counts per state and the sum to be recorded, with "Record N payments in KROS" while there is any to send. */
function RecordSummary({
  data,
  action,
  texts,
  locale,
}: {
  data: ImportPageData;
  action: string;
  texts: ImportsTexts;
  locale: Locale;
}) {
  const { detail } = data;
  const counts = detail.counts;
  return (
    <ImportSummary label={texts.summary.label} counts={counts} always={ALWAYS} texts={texts}>
      <SendPart
        detail={detail}
        settledWords={texts.summary.settled}
        locale={locale}
        sums={{
          label: texts.summary.toRecord,
          none: texts.summary.sumNone,
          sums: data.toRecord,
          marker: 'data-to-record',
        }}
      >
        <form method="post" action={action} className="mt-3 flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButton} data-record={counts.ready}>
            {pluralOf(counts.ready, texts.actions.record, locale)}
          </button>
          <span className="text-xs text-slate-600">{texts.actions.recordHint}</span>
        </form>
      </SendPart>
    </ImportSummary>
  );
}

/** The import's header with a statement's own facts: the account it records into, the statement's IBAN and owner. */
function StatementHeader({ data, tenantId, texts, money, locale }: ImportViewProps) {
  const { detail } = data;
  const accounts = new Map((data.accounts ?? []).map((account) => [account.id, account]));
  return (
    <ImportHeader detail={detail} tenantId={tenantId} section="payments" texts={texts} locale={locale}>
      <dt className="text-slate-600">{texts.header.account}</dt>
      <dd className="text-slate-900" data-account-id={detail.accountId ?? ''}>
        {accountLabelOf(detail.accountId, accounts, money)}
      </dd>
      {detail.statementAccount !== null && (
        <>
          <dt className="text-slate-600">{texts.header.statementAccount}</dt>
          <dd className="break-all text-slate-900" data-statement-account={detail.statementAccount}>
            {ibanForPeople(detail.statementAccount)}
          </dd>
        </>
      )}
      {detail.statementOwner !== null && (
        <>
          <dt className="text-slate-600">{texts.header.statementOwner}</dt>
          <dd className="break-all text-slate-900" data-statement-owner="">
            {detail.statementOwner}
          </dd>
        </>
      )}
    </ImportHeader>
  );
}

/**
 * What the user's last action did (paired, a duplicate of another import, unchanged, …), shown while it is still
 * true of the import: nothing once lines have moved on.
 */
function StatementOutcome({
  data,
  tenantId,
  texts,
  locale,
}: {
  data: ImportPageData;
  tenantId: string;
  texts: ImportsTexts;
  locale: Locale;
}) {
  if (!data.outcome || !outcomeStillTrue(data.outcome.outcome, data.detail)) return null;
  const o = texts.outcomes;
  const { by } = data.outcome;
  const lineCount = pluralOf(data.outcome.count, o.lines, locale);
  const words =
    data.outcome.outcome === 'paired' ? (
      fill(o.paired, { number: data.outcome.number ?? '' })
    ) : data.outcome.outcome === 'duplicate' ? (
      <LinkedWords
        template={by ? o.duplicate : o.duplicateElsewhere}
        values={{ lines: lineCount, when: by ? whenOf(by.createdAt, locale) : '', file: by?.fileName ?? '' }}
        links={by ? { i: { href: importPagePath(tenantId, by.importId), marker: 'import' } } : {}}
      />
    ) : (
      o[data.outcome.outcome]
    );
  return (
    <OutcomeNotice
      outcome={data.outcome.outcome}
      warn={data.outcome.outcome === 'unchanged' || data.outcome.outcome === 'duplicate'}
    >
      {words}
    </OutcomeNotice>
  );
}

/** One line of the statement: its payment's facts, the invoice it pays, its state and its controls. */
function StatementLineRow({
  line,
  search,
  tenantId,
  actions,
  texts,
  locale,
}: {
  line: PageLine;
  search: ImportPageData['search'];
  tenantId: string;
  actions: LineActions;
  texts: ImportsTexts;
  locale: Locale;
}) {
  const f = line.facts;
  return (
    <tr className="hover:bg-slate-50" data-line={line.line} id={`line-${line.line}`}>
      <RowHeader>{f.date ? formatDay(f.date, locale) : '—'}</RowHeader>
      <Td numeric>
        <Amount line={line} locale={locale} />
      </Td>
      <Td>
        <span className="break-words">{f.counterparty.name ?? '—'}</span>
        {f.counterparty.iban && (
          <span className="block whitespace-nowrap text-xs text-slate-500">{ibanForPeople(f.counterparty.iban)}</span>
        )}
      </Td>
      <Td nowrap>{f.variableSymbol ?? ''}</Td>
      <Td>
        <span className="block max-w-64 break-words">{f.message ?? ''}</span>
        {f.reference && <span className="block break-all text-xs text-slate-500">{f.reference}</span>}
      </Td>
      <Td>
        <PairingCell line={line} tenantId={tenantId} actions={actions} texts={texts} locale={locale} />
      </Td>
      <Td>
        <StateCell line={line} tenantId={tenantId} texts={texts} />
      </Td>
      <Td>
        <ActionsCell
          line={line}
          actions={actions}
          searchOpen={search?.line === line.line}
          searchQ={search?.q ?? ''}
          texts={texts}
        />
      </Td>
    </tr>
  );
}
