/**
 * An IBAN as people read it and banks print it: in groups of four ('SK90 1100 0000 0026 2912 3453'). Text that is not
 * an IBAN in electronic form (an account number as a bank wrote it) is left as it is. Pure.
 */
export function ibanForPeople(account: string): string {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(account) ? account.replace(/(.{4})(?=.)/g, '$1 ') : account;
}
