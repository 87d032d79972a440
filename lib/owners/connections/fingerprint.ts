import 'server-only';

import { compactIban } from '@/lib/base/iban';
import type { DataApiClient } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';

/**
 * Whether a token reads the company it is given for. The service's GET /api/auth/check answers 200 with an empty body
 * (it names no company), so the only evidence is the company's data: what the token reads is compared with what the
 * add-on's copy of the company already holds (lib/owners/mirror/fingerprint.ts reads it): the IBANs of its bank
 * accounts, and a few of its invoices by id with their numbers. Each company's own bank accounts carry IBANs no other
 * company has; an invoice id of another company is either missing (404) or another document with another number.
 */

export type CompanyFingerprint = {
  /** The IBANs of the company's payment accounts, compact (no spaces, upper case). */
  accountIbans: readonly string[];
  /** A few of its invoices the copy holds: the service's id and the number it had. */
  invoices: readonly { id: string; documentNumber: string | null }[];
};

/** `same`: it reads the company's data; `other`: it reads another company's; `unknown`: the copy holds nothing to compare. */
export type FingerprintVerdict = 'same' | 'other' | 'unknown';

/**
 * Compares the token's readings with the fingerprint. Each kind of evidence the copy holds must agree: the token's
 * accounts share at least one IBAN with the copy's, and at least one of the copy's invoices reads back with its
 * number. One that disagrees is `other` (an account renamed, or a document deleted since, leaves the others agreeing).
 * A failure other than a missing record (busy, unavailable, refused) is thrown: nothing is decided on it. A token
 * that may not read invoices (403) is judged by the accounts alone.
 */
export async function compareFingerprint(
  client: DataApiClient,
  known: CompanyFingerprint,
): Promise<FingerprintVerdict> {
  const verdicts: boolean[] = [];
  if (known.accountIbans.length > 0) {
    const accounts = await client.paymentAccounts.list();
    const ibans = new Set(accounts.flatMap((account) => compactIban(account.iban) ?? []));
    verdicts.push(known.accountIbans.some((iban) => ibans.has(iban)));
  }
  if (known.invoices.length > 0) {
    const found = await readsAnInvoice(client, known.invoices);
    if (found !== null) verdicts.push(found);
  }
  if (verdicts.length === 0) return 'unknown';
  return verdicts.every(Boolean) ? 'same' : 'other';
}

/**
 * Whether one of the invoices reads back with its number; null when the token may not read invoices at all (403),
 * which says nothing of the company.
 */
async function readsAnInvoice(
  client: DataApiClient,
  invoices: CompanyFingerprint['invoices'],
): Promise<boolean | null> {
  for (const invoice of invoices) {
    try {
      const read = await client.invoices.get(invoice.id);
      if ((read.documentNumber ?? null) === invoice.documentNumber) return true;
    } catch (error) {
      if (isDataApiError(error, 'forbidden')) return null;
      if (!isDataApiError(error, 'not-found')) throw error;
    }
  }
  return false;
}
