import 'server-only';

import { z } from 'zod';

import type { CompanyPage } from '@/lib/doors/company/company-page';
import { type PaymentAccountRow, paymentAccountsOf } from '@/lib/features/money/queries/accounts';
import { csvMappingOf, csvMappingsOf, type StoredCsvMapping } from '@/lib/owners/imports/csv-mappings';

import { CSV_FIELDS } from './statement-import';
import { type CsvField, type CsvMapping, csvMappingSchema, guessCsvMapping, headerKey } from './statements/csv-mapping';

/**
 * What the bank-statement form shows (GET …/payments/import): the company's accounts (as last mirrored) for the
 * account's select, and, when the upload came back asking for a CSV's columns (`?columns=…&account=…`, the header's
 * column names only), the columns with each field's proposal: the account's remembered mapping where it still fits
 * the header; else the mapping remembered for another account of the company that fits it (the most recently
 * confirmed), saying which account it was set for; else the guess from the header's names. A CSV names no account:
 * when none was chosen and another account's columns fit, that account is chosen in the select, and the form says so
 * (the user checks it before confirming: two accounts at one bank export the same columns). With an account chosen and
 * a remembered mapping, who confirmed it and when (the form then offers to confirm the columns again).
 */

export type CsvColumnsForm = {
  header: string[];
  /** Each field's proposed column (one of `header`), or null. */
  proposal: Record<CsvField, string | null>;
  currency: string;
  /**
   * The columns proposed are those remembered for another account (`account`), because the account chosen has none
   * that fits (`chosen`: that account, null when none was chosen and `account` is chosen for it).
   */
  borrowed: {
    account: PaymentAccountRow;
    chosen: PaymentAccountRow | null;
    confirmedBy: string;
    confirmedAt: Date;
  } | null;
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

const mappingOf = (stored: StoredCsvMapping | null): CsvMapping | null => {
  const parsed = stored ? csvMappingSchema.safeParse(stored.mapping) : null;
  return parsed?.success ? parsed.data : null;
};

/** Every column the mapping names is one of the header's. */
const fitsHeader = (mapping: CsvMapping, byKey: ReadonlyMap<string, string>) =>
  Object.values(mapping.columns).every((column) => column === null || byKey.has(headerKey(column)));

export async function loadStatementImportForm(
  page: CompanyPage,
  searchParams: Record<string, string | string[] | undefined>,
): Promise<StatementImportForm> {
  const accounts = await page.read((db, scope) => paymentAccountsOf(db, scope));
  const asked = one(searchParams.account) ?? '';
  const chosen = accounts?.find((account) => account.id === asked) ?? null;
  const stored = chosen ? await page.read((db, scope) => csvMappingOf(db, scope, chosen.id)) : null;
  const remembered = mappingOf(stored);

  const header = headerOfParameter(one(searchParams.columns));
  let csv: CsvColumnsForm | null = null;
  let accountId = chosen?.id ?? null;
  if (header) {
    const byKey = new Map(header.map((column) => [headerKey(column), column]));
    const own = remembered !== null && fitsHeader(remembered, byKey) ? remembered : null;
    const other = own ? null : await borrowedMapping(page, chosen, accounts ?? [], byKey);
    const mapping = own ?? other?.mapping ?? null;
    const found = guessCsvMapping(header).found;
    const proposal = Object.fromEntries(
      CSV_FIELDS.map((field) => {
        const column = mapping ? mapping.columns[field] : found[field];
        return [field, column === null ? null : (byKey.get(headerKey(column)) ?? null)];
      }),
    ) as Record<CsvField, string | null>;
    csv = { header, proposal, currency: mapping?.currency || 'EUR', borrowed: other?.borrowed ?? null };
    accountId ??= other?.borrowed.account.id ?? null;
  }
  return {
    accounts,
    accountId,
    csv,
    remembered: stored && remembered ? { confirmedBy: stored.confirmedBy, confirmedAt: stored.confirmedAt } : null,
  };
}

/** The most recently confirmed mapping of another of the company's accounts that fits the header. */
async function borrowedMapping(
  page: CompanyPage,
  chosen: PaymentAccountRow | null,
  accounts: readonly PaymentAccountRow[],
  byKey: ReadonlyMap<string, string>,
): Promise<{ mapping: CsvMapping; borrowed: NonNullable<CsvColumnsForm['borrowed']> } | null> {
  const all = await page.read((db, scope) => csvMappingsOf(db, scope));
  for (const stored of all) {
    if (stored.accountId === chosen?.id) continue;
    const account = accounts.find((each) => each.id === stored.accountId);
    const mapping = mappingOf(stored);
    if (!account || !mapping || !fitsHeader(mapping, byKey)) continue;
    return {
      mapping,
      borrowed: { account, chosen, confirmedBy: stored.confirmedBy, confirmedAt: stored.confirmedAt },
    };
  }
  return null;
}
