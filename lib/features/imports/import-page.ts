import 'server-only';

import { type PaymentDisplay, readPaymentDisplay } from '@/lib/base/imports/payment-display';
import { searchInvoicesToPair } from '@/lib/features/imports/queries/open-invoices';
import { type PaymentAccountRow, paymentAccountsOf } from '@/lib/features/money/queries/accounts';
import { holdersOf, type HoldingLine, type ImportDetail, type ImportLineView } from '@/lib/owners/imports/view';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';

import type { ImportOutcome } from './import-actions';
import { claimsOfImport, type InvoiceLeft, leftAfterImport } from './import-claims';
import { type CurrencySum, inProgress, kindPageLoader, one, outcomeOf, sumReady } from './import-page-parts';
import { CHANGEABLE } from './import-paths';

/**
 * What the import's page shows (`/companies/{tenantId}/payments/import/{importId}`): the import with its lines (each
 * line's facts and pairing read from its display), its summary (counts per state, the sum to be recorded per
 * currency), the company's accounts (to name the import's), the "pair with another invoice" search of one line
 * (`pair` = the line, `q` = number, partner or amount) and what the last form did (`outcome`). Null: no such import
 * of the company (the page answers 404).
 */

export type PageLine = ImportLineView & {
  facts: PaymentDisplay;
  /** The variable symbol the payment is sent with (its payload's), when it differs from the statement's. */
  sentSymbol: string | null;
  /** A duplicate's line of another import that holds the same payment (recorded, on its way or refused). */
  recordedBy: HoldingLine | null;
};

/** The invoices found, each with what is left after the import's other lines (those they pay in full left out). */
export type PairSearch = { line: string; q: string; results: InvoiceLeft[] | null };

export type ImportPageData = {
  detail: ImportDetail;
  lines: PageLine[];
  /** Sum of the ready lines' amounts, per currency (exact decimals). */
  toRecord: CurrencySum[];
  accounts: PaymentAccountRow[] | null;
  search: PairSearch | null;
  outcome: {
    outcome: ImportOutcome;
    number: string | null;
    /** `duplicate`: how many lines the form found recorded already, and the import that recorded them (if known). */
    count: number;
    by: HoldingLine | null;
  } | null;
  /** Lines still on their way (queued or sent) while the import is not stopped: the page refreshes itself. */
  inProgress: boolean;
};

const OUTCOMES: readonly ImportOutcome[] = ['queued', 'excluded', 'included', 'paired', 'duplicate', 'unchanged'];

function pageLineOf(line: ImportLineView, holders: Map<string, HoldingLine>): PageLine {
  const facts = readPaymentDisplay(line.display);
  const sent = typeof line.payload?.variableSymbol === 'string' ? line.payload.variableSymbol : null;
  return {
    ...line,
    facts,
    sentSymbol: line.payload !== null && sent !== facts.variableSymbol ? sent : null,
    recordedBy: line.state === 'duplicate' && line.externalId !== null ? (holders.get(line.externalId) ?? null) : null,
  };
}

/** The ready lines' sum per currency. */
export function sumToRecord(lines: readonly PageLine[]): ImportPageData['toRecord'] {
  return sumReady(lines, (line) =>
    line.facts.amount === null ? null : { currency: line.facts.currency ?? '', amount: line.facts.amount },
  );
}

// An invoices import has its own page (invoice-import-page.ts).
export const loadImportPage = kindPageLoader('payments', async (page, detail, params): Promise<ImportPageData> => {
  const duplicates = detail.lines.flatMap((line) =>
    line.state === 'duplicate' && line.externalId !== null ? [line.externalId] : [],
  );
  const holders = await page.read((db, scope) => holdersOf(db, scope, 'payments', detail.id, duplicates));
  const lines = detail.lines.map((line) => pageLineOf(line, holders));
  const company = mirrorCompanyOf(page.scope);

  const pair = one(params.pair)?.trim() ?? '';
  const q = (one(params.q) ?? '').trim().slice(0, 100);
  const searched = lines.find((line) => line.line === pair && CHANGEABLE.includes(line.state));
  const [accounts, found] = await Promise.all([
    page.read((db) => paymentAccountsOf(db, company)),
    searched && q !== '' ? page.read((db) => searchInvoicesToPair(db, company, q)) : Promise.resolve(null),
  ]);
  const left = searched && found ? leftAfterImport(found, claimsOfImport(detail.lines, searched.line)) : null;
  const said = outcomeOf(params, OUTCOMES);
  return {
    detail,
    lines,
    toRecord: sumToRecord(lines),
    accounts,
    search: searched ? { line: searched.line, q, results: left } : null,
    outcome: said && {
      ...said,
      number: one(params.number)?.slice(0, 60) ?? null,
      by: [...holders.values()].find((holder) => holder.importId === one(params.by)) ?? null,
    },
    inProgress: inProgress(detail),
  };
});
