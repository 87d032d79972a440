import 'server-only';

import type { SearchParams } from '@/lib/base/http/search-params';
import { type InvoiceDisplayRead, readInvoiceDisplay } from '@/lib/base/imports/invoice-display';
import type { CompanyPage } from '@/lib/features/pages/company-page';
import type { ImportDetail, ImportLineView } from '@/lib/owners/imports/view';

import { type CurrencySum, importOfKind, inProgress, one, sumReady } from './import-page-parts';
import { IGNORED_COLUMNS_SHOWN, type InvoiceSendOutcome } from './invoices/invoice-import';

/**
 * What an invoice import's page shows (`/companies/{tenantId}/invoices/import/{importId}`): the import with its
 * invoices (each line's facts read from its display), the summary (counts per state, the sum to be sent per currency,
 * how many ready invoices already exist at the service and so wait for the overwrite confirmation), whether there are
 * failed rows to download, and what the send form did (`outcome`, `count`). Null: no such invoices import of the
 * company (the page answers 404).
 */

export type InvoicePageLine = ImportLineView & { facts: InvoiceDisplayRead };

export type InvoiceImportPageData = {
  detail: ImportDetail;
  lines: InvoicePageLine[];
  /** Sum of the ready invoices' totals, per currency (exact decimals). */
  toSend: CurrencySum[];
  /** Ready invoices whose number is already at the service: sent only with `overwrite=1`. */
  existing: number;
  /** Invalid or refused invoices: failed.csv has their rows. */
  failed: number;
  outcome: { outcome: InvoiceSendOutcome; count: number } | null;
  /** Invoices still on their way (queued or sent) while the import is not stopped: the page refreshes itself. */
  inProgress: boolean;
  /** The file's columns the add-on did not read, as the upload's answer named them (`ignored`). */
  ignoredColumns: string[];
};

const OUTCOMES: readonly InvoiceSendOutcome[] = ['queued', 'unchanged', 'overwrite-needed'];

/** The ready invoices' totals per currency, each with at least two decimals. */
export function sumToSend(lines: readonly InvoicePageLine[]): InvoiceImportPageData['toSend'] {
  const sums = sumReady(lines, (line) =>
    line.facts.total ? { currency: line.facts.currency, amount: line.facts.total } : null,
  );
  return sums.map((sum) => ({ ...sum, amount: withCents(sum.amount) }));
}

/** A sum as money is written: at least two decimals ("281.7" → "281.70"). */
const withCents = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
};

function ignoredColumnsOf(given: string | string[] | undefined): string[] {
  const names = Array.isArray(given) ? given : given === undefined ? [] : [given];
  return names
    .map((name) => name.trim().slice(0, IGNORED_COLUMNS_SHOWN.length))
    .filter((name) => name !== '')
    .slice(0, IGNORED_COLUMNS_SHOWN.count);
}

export async function loadInvoiceImportPage(
  page: CompanyPage,
  importId: string,
  params: SearchParams,
): Promise<InvoiceImportPageData | null> {
  const detail = await importOfKind(page, importId, 'invoices');
  if (!detail) return null;
  const lines = detail.lines.map((line) => ({ ...line, facts: readInvoiceDisplay(line.display) }));
  const outcome = one(params.outcome) as InvoiceSendOutcome | undefined;
  const count = Number(one(params.count) ?? '0');
  return {
    detail,
    lines,
    toSend: sumToSend(lines),
    existing: lines.filter((line) => line.state === 'ready' && line.facts.exists !== null).length,
    failed: detail.counts.invalid + detail.counts.problem,
    outcome:
      outcome && OUTCOMES.includes(outcome)
        ? { outcome, count: Number.isSafeInteger(count) && count >= 0 ? count : 0 }
        : null,
    inProgress: inProgress(detail),
    ignoredColumns: ignoredColumnsOf(params.ignored),
  };
}
