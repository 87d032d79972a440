import 'server-only';

import type { SearchParams } from '@/lib/base/http/search-params';
import { type PaymentDisplay, readPaymentDisplay } from '@/lib/base/imports/payment-display';
import type { CompanyPage } from '@/lib/features/pages/company-page';
import { isImportId } from '@/lib/owners/imports/lines';
import { type ImportDetail, type ImportLineView, readImport } from '@/lib/owners/imports/view';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { type PaymentAccountRow, paymentAccountsOf } from '@/lib/owners/mirror/query/accounts';
import { type PairableInvoice, searchInvoicesToPair } from '@/lib/owners/mirror/query/open-invoices';

import { subtractAmounts } from './amounts';
import type { ImportOutcome } from './import-actions';
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
};

export type PairSearch = { line: string; q: string; results: PairableInvoice[] | null };

export type ImportPageData = {
  detail: ImportDetail;
  lines: PageLine[];
  /** Sum of the ready lines' amounts, per currency (exact decimals). */
  toRecord: { currency: string; amount: string; count: number }[];
  accounts: PaymentAccountRow[] | null;
  search: PairSearch | null;
  outcome: { outcome: ImportOutcome; number: string | null } | null;
  /** Lines still on their way (queued or sent) while the import is not stopped: the page refreshes itself. */
  inProgress: boolean;
};

const OUTCOMES: readonly ImportOutcome[] = ['queued', 'excluded', 'included', 'paired', 'unchanged'];

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function pageLineOf(line: ImportLineView): PageLine {
  const facts = readPaymentDisplay(line.display);
  const sent = typeof line.payload?.variableSymbol === 'string' ? line.payload.variableSymbol : null;
  return { ...line, facts, sentSymbol: line.payload !== null && sent !== facts.variableSymbol ? sent : null };
}

/** The ready lines' sum per currency. */
export function sumToRecord(lines: readonly PageLine[]): ImportPageData['toRecord'] {
  const sums = new Map<string, { amount: string; count: number }>();
  for (const line of lines) {
    if (line.state !== 'ready' || line.facts.amount === null) continue;
    const currency = line.facts.currency ?? '';
    const before = sums.get(currency) ?? { amount: '0', count: 0 };
    const amount = subtractAmounts(before.amount, `-${line.facts.amount}`);
    if (amount !== null) sums.set(currency, { amount, count: before.count + 1 });
  }
  return [...sums].map(([currency, { amount, count }]) => ({ currency, amount, count }));
}

export async function loadImportPage(
  page: CompanyPage,
  importId: string,
  params: SearchParams,
): Promise<ImportPageData | null> {
  if (!isImportId(importId)) return null;
  const detail = await page.read((db, scope) => readImport(db, scope, importId));
  // An invoices import has its own page (invoice-import-page.ts).
  if (!detail || detail.kind !== 'payments') return null;
  const lines = detail.lines.map(pageLineOf);
  const company = mirrorCompanyOf(page.scope);

  const pair = one(params.pair)?.trim() ?? '';
  const q = (one(params.q) ?? '').trim().slice(0, 100);
  const searched = lines.find((line) => line.line === pair && CHANGEABLE.includes(line.state));
  const [accounts, results] = await Promise.all([
    page.read((db) => paymentAccountsOf(db, company)),
    searched && q !== '' ? page.read((db) => searchInvoicesToPair(db, company, q)) : Promise.resolve(null),
  ]);
  const outcome = one(params.outcome) as ImportOutcome | undefined;
  return {
    detail,
    lines,
    toRecord: sumToRecord(lines),
    accounts,
    search: searched ? { line: searched.line, q, results } : null,
    outcome:
      outcome && OUTCOMES.includes(outcome) ? { outcome, number: one(params.number)?.slice(0, 60) ?? null } : null,
    inProgress: detail.stoppedAt === null && detail.counts.queued + detail.counts.sent > 0,
  };
}
