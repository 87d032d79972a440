import 'server-only';

import { z } from 'zod';

import type { CompanyPage } from '@/lib/features/pages/company-page';
import { csvMappingOf } from '@/lib/owners/imports/csv-mappings';
import { type PaymentAccountRow, paymentAccountsOf } from '@/lib/owners/mirror/query/accounts';

import { CSV_FIELDS } from './statement-import';
import { type CsvField, csvMappingSchema, guessCsvMapping, headerKey } from './statements/csv-mapping';

/**
 * What the bank-statement form shows (GET …/payments/import): the company's accounts (as last mirrored) for the
 * account's select, and, when the upload came back asking for a CSV's columns (`?columns=…&account=…`, the header's
 * column names only), the columns with each field's proposal: the account's remembered mapping where it still fits
 * the header, else the guess from the header's names. With an account chosen and a remembered mapping, who confirmed
 * it and when (the form then offers to confirm the columns again).
 */

export type CsvColumnsForm = {
  header: string[];
  /** Each field's proposed column (one of `header`), or null. */
  proposal: Record<CsvField, string | null>;
  currency: string;
};

export type StatementImportForm = {
  accounts: PaymentAccountRow[] | null;
  accountId: string | null;
  csv: CsvColumnsForm | null;
  remembered: { confirmedBy: string; confirmedAt: Date } | null;
};

const headerSchema = z.array(z.string().max(200)).min(1).max(60);

/** The `columns` parameter read back (base64url JSON of the header's names); null when it is not one. */
export function headerOfParameter(value: string | undefined): string[] | null {
  if (!value || value.length > 20_000) return null;
  try {
    const parsed = headerSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function loadStatementImportForm(
  page: CompanyPage,
  searchParams: Record<string, string | string[] | undefined>,
): Promise<StatementImportForm> {
  const accounts = await page.read((db, scope) => paymentAccountsOf(db, scope));
  const asked = one(searchParams.account) ?? '';
  const accountId = accounts?.some((account) => account.id === asked) ? asked : null;
  const stored = accountId ? await page.read((db, scope) => csvMappingOf(db, scope, accountId)) : null;
  const storedMapping = stored ? csvMappingSchema.safeParse(stored.mapping) : null;
  const remembered = storedMapping?.success ? storedMapping.data : null;

  const header = headerOfParameter(one(searchParams.columns));
  let csv: CsvColumnsForm | null = null;
  if (header) {
    const byKey = new Map(header.map((column) => [headerKey(column), column]));
    const fits =
      remembered !== null &&
      Object.values(remembered.columns).every((column) => column === null || byKey.has(headerKey(column)));
    const found = guessCsvMapping(header).found;
    const proposal = Object.fromEntries(
      CSV_FIELDS.map((field) => {
        const column = fits ? remembered.columns[field] : found[field];
        return [field, column === null ? null : (byKey.get(headerKey(column)) ?? null)];
      }),
    ) as Record<CsvField, string | null>;
    csv = { header, proposal, currency: (fits && remembered?.currency) || 'EUR' };
  }
  return {
    accounts,
    accountId,
    csv,
    remembered: stored && remembered ? { confirmedBy: stored.confirmedBy, confirmedAt: stored.confirmedAt } : null,
  };
}
