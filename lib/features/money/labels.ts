import { fill } from '@/lib/base/i18n/documents';
import type { MoneyTexts } from '@/lib/base/i18n/money';
import type { PaymentAccountRow } from '@/lib/features/money/queries/accounts';

/**
 * An account as a person names it: its name as the accounts' list gives it, else its number ("Účet č. 12"), or that
 * the payment names none. Pure: the table and the export say it alike.
 */
export function accountLabelOf(
  accountId: string | null,
  accounts: ReadonlyMap<string, Pick<PaymentAccountRow, 'name'>>,
  texts: MoneyTexts,
): string {
  if (accountId === null) return texts.noAccount;
  return accounts.get(accountId)?.name ?? fill(texts.unknownAccount, { id: accountId });
}
