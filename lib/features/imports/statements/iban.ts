import { isValidIBAN } from 'ibantools';

import { compactIban } from '@/lib/base/iban';

/**
 * What `normaliseIban` answered lately: a statement names the same few hundred payers again and again, and checking an
 * IBAN is a tenth of reading a line. Bounded (emptied when full), so a long-lived server keeps no more than this.
 */
const recent = new Map<string, string | null>();
const RECENT_MAX = 5_000;

/**
 * An IBAN in its electronic form (no spaces, upper case) when its country format and check digits hold; null
 * otherwise. A payer's mistyped or foreign account number is no reason to refuse a statement: it is just unknown.
 */
export function normaliseIban(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const known = recent.get(raw);
  if (known !== undefined) return known;
  // The compact form of every IBAN the add-on compares (lib/base/iban.ts); a hyphen between groups is dropped too.
  const electronic = compactIban(raw.replace(/^IBAN[:\s]*/i, '').replaceAll('-', ''));
  const iban = electronic && isValidIBAN(electronic) ? electronic : null;
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(raw, iban);
  return iban;
}
