import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * An IBAN in its electronic form (no spaces, upper case) when its country format and check digits hold; null
 * otherwise. A payer's mistyped or foreign account number is no reason to refuse a statement: it is just unknown.
 */
export function normaliseIban(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const electronic = electronicFormatIBAN(raw.replace(/^IBAN[:\s]*/i, ''));
  return electronic && isValidIBAN(electronic) ? electronic : null;
}
