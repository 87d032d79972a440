import 'server-only';

import { compactIban } from '@/lib/base/iban';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { mirroredReference } from '@/lib/owners/mirror/reference';
import type { Db } from '@/lib/platform/db/client';
import { paymentAccountSchema } from '@/lib/service/schemas/reference';

import { type CurrencySum, paymentSumsByAccount } from './payments';

/**
 * The company's bank and cash accounts (GET /api/payments/accounts, as the last sync mirrored it: mirror_reference,
 * kind `paymentAccounts`) with their payments' count and sum per currency in a period. What an account record holds
 * is weak evidence (service-facts.md): `id`, `name`, `iban`, `currency`, and in the sandbox a `type`; a record that
 * does not parse is left out.
 */

export type AccountKind = 'bank' | 'cash' | null;

export type PaymentAccountRow = {
  /** The service's id, canonical decimal digits: what payments name in `accountId`. */
  id: string;
  name: string | null;
  /** Compact (no spaces, upper case). */
  iban: string | null;
  currency: string | null;
  /** From the record's `type` when it says; else a bank account when it has an IBAN; else not known. */
  kind: AccountKind;
};

export type AccountWithPayments = PaymentAccountRow & { payments: CurrencySum[] };

/** Bank or cash, as far as the record tells (the interface does not describe the field). */
export function accountKindOf(type: unknown, iban: string | null): AccountKind {
  const said = typeof type === 'string' ? type.trim().toLowerCase() : '';
  if (said === 'cash' || said.startsWith('pokl')) return 'cash';
  if (said === 'bank' || said.startsWith('bank')) return 'bank';
  return iban ? 'bank' : null;
}

/** The company's accounts as last mirrored, in the service's order; null when the list was never mirrored. */
export async function paymentAccountsOf(db: Db, company: MirrorCompany): Promise<PaymentAccountRow[] | null> {
  const data = await mirroredReference(db, company, 'paymentAccounts');
  if (data === null) return null;
  return data.flatMap((entry): PaymentAccountRow[] => {
    const parsed = paymentAccountSchema.safeParse(entry);
    if (!parsed.success) return [];
    const { id, name, iban, currency, type } = parsed.data;
    const compact = compactIban(iban);
    return [
      {
        id: String(id),
        name: name?.trim() || null,
        iban: compact,
        currency: currency?.trim().toUpperCase() || null,
        kind: accountKindOf(type, compact),
      },
    ];
  });
}

export type AccountsInPeriod = {
  /** Null when the service's list of accounts was never mirrored (or may not be read). */
  accounts: AccountWithPayments[] | null;
  /** Payments in the period naming an account the list does not have (by its id; null: none named). */
  unlisted: { accountId: string | null; payments: CurrencySum[] }[];
  /** Every account's payments in the period together, per currency. */
  all: CurrencySum[];
};

/** Each account with its payments in the period (days inclusive, yyyy-MM-dd). */
export async function accountsWithPayments(
  db: Db,
  company: MirrorCompany,
  period: { from: string; to: string },
): Promise<AccountsInPeriod> {
  const [accounts, sums] = await Promise.all([
    paymentAccountsOf(db, company),
    paymentSumsByAccount(db, company, period),
  ]);
  const listed = new Set((accounts ?? []).map((account) => account.id));
  return {
    accounts: accounts?.map((account) => ({ ...account, payments: sums.byAccount.get(account.id) ?? [] })) ?? null,
    unlisted: [...sums.byAccount]
      .filter(([accountId]) => accountId === null || !listed.has(accountId))
      .map(([accountId, payments]) => ({ accountId, payments }))
      .sort((a, b) => (a.accountId ?? '\uffff').localeCompare(b.accountId ?? '\uffff')),
    all: sums.all,
  };
}
