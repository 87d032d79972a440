import 'server-only';

import { type InvoiceDisplayRead, readInvoiceDisplay } from '@/lib/base/imports/invoice-display';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { invoicesToOverwrite, type OverwrittenInvoice } from '@/lib/features/imports/queries/invoice-import';
import type { ImportDetail, ImportLineView } from '@/lib/owners/imports/view';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';

import { type CurrencySum, inProgress, kindPageLoader, outcomeOf, sumReady } from './import-page-parts';
import { IGNORED_COLUMNS_SHOWN, type InvoiceSendOutcome } from './invoices/invoice-import';

/**
 * What an invoice import's page shows (`/companies/{tenantId}/invoices/import/{importId}`): the import with its
 * invoices (each line's facts read from its display), the summary (counts per state, the sum to be sent per currency,
 * how many ready invoices already exist at the service and so wait for the overwrite confirmation), whether there are
 * failed rows to download, and what the send form did (`outcome`, `count`). Null: no such invoices import of the
 * company (the page answers 404).
 */

export type { OverwrittenInvoice };

export type InvoicePageLine = ImportLineView & {
  facts: InvoiceDisplayRead;
  /**
   * The invoice of the same number the company has (`facts.exists`), as the mirror has it now: its total and how it
   * is paid, shown beside the new values before it is overwritten. Null: none, or no longer in the mirror.
   */
  existing: OverwrittenInvoice | null;
  /** Done by overwriting the invoice of its number (the service updates it), not by creating one. */
  overwritten: boolean;
};

export type InvoiceImportPageData = {
  detail: ImportDetail;
  lines: InvoicePageLine[];
  /** Sum of the ready invoices' totals, per currency (exact decimals). */
  toSend: CurrencySum[];
  /** Ready invoices whose number is already at the service: sent only with `overwrite=1`. */
  existing: number;
  /** Invoices done by overwriting the one of their number. */
  overwritten: number;
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

type ReadLine = Pick<ImportLineView, 'state' | 'document'> & { facts: InvoiceDisplayRead };

/** The invoices the lines not yet sent would overwrite, by id, as the company's mirror has them now. */
async function existingInvoicesOf(page: CompanyPage, lines: readonly ReadLine[]) {
  const ids = [
    ...new Set(
      lines.flatMap((line) =>
        line.facts.exists && (line.state === 'ready' || line.state === 'invalid') ? [line.facts.exists.id] : [],
      ),
    ),
  ];
  const found =
    ids.length === 0 ? [] : await page.read((db, scope) => invoicesToOverwrite(db, mirrorCompanyOf(scope), ids));
  return new Map(found.map((invoice) => [invoice.id, invoice]));
}

/**
 * A done invoice whose number the company had when it was read: sent only with the overwrite confirmed, and the
 * service updates the invoice of a number it has (interface.md), so it overwrote it, unless the service answered
 * with another invoice (the old one was deleted meanwhile: then it created one).
 */
export const overwroteExisting = (line: ReadLine) =>
  line.state === 'done' &&
  line.facts.exists !== null &&
  (line.document === null || line.document.id === line.facts.exists.id);

export const loadInvoiceImportPage = kindPageLoader(
  'invoices',
  async (page, detail, params): Promise<InvoiceImportPageData> => {
    const read = detail.lines.map((line) => ({ ...line, facts: readInvoiceDisplay(line.display) }));
    const existing = await existingInvoicesOf(page, read);
    const lines = read.map((line) => ({
      ...line,
      existing: (line.facts.exists && existing.get(line.facts.exists.id)) ?? null,
      overwritten: overwroteExisting(line),
    }));
    return {
      detail,
      lines,
      toSend: sumToSend(lines),
      existing: lines.filter((line) => line.state === 'ready' && line.facts.exists !== null).length,
      overwritten: lines.filter((line) => line.overwritten).length,
      failed: detail.counts.invalid + detail.counts.problem,
      outcome: outcomeOf(params, OUTCOMES),
      inProgress: inProgress(detail),
      ignoredColumns: ignoredColumnsOf(params.ignored),
    };
  },
);
