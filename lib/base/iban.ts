/**
 * IBANs as the add-on keeps and shows them. Pure: safe anywhere.
 */

/**
 * An IBAN in its compact, electronic form (no spaces, upper case: 'SK9011000000002629123453'), the one form every
 * comparison of IBANs uses (the company's accounts, a statement's, a payer's, the copy's payments); null when
 * nothing is left. Nothing is checked: lib/features/imports/statements/iban.ts does that for a statement's IBANs.
 */
export function compactIban(iban: string | null | undefined): string | null {
  return iban?.replace(/\s+/g, '').toUpperCase() || null;
}

/**
 * An IBAN as people read it and banks print it: in groups of four ('SK90 1100 0000 0026 2912 3453'). Text that is not
 * an IBAN in electronic form (an account number as a bank wrote it) is left as it is.
 */
export function ibanForPeople(account: string): string {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(account) ? account.replace(/(.{4})(?=.)/g, '$1 ') : account;
}
