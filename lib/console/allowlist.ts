/**
 * Who may enter the operators' console: an address on OPERATOR_EMAILS, or any address whose domain is exactly
 * OPERATOR_EMAIL_DOMAIN (not its subdomains: `evil.example.sk` is another organisation's to hand out). Pure, so the
 * rule is tested alone; lib/console/operator.ts asks it on every page and action, not only at sign-in, so taking
 * someone off the list shuts them out at their next click.
 */
export type OperatorAllowlist = { emails: readonly string[]; domain: string | null };

/** The address in the form the lists hold (lower case, trimmed), or null when it is not one plain address. */
export function normalizedEmail(email: unknown): string | null {
  if (typeof email !== 'string') return null;
  const trimmed = email.trim().toLowerCase();
  // One @, something on both sides, no spaces: enough to split it safely; the provider vouches for the rest.
  return /^[^\s@]+@[^\s@]+$/.test(trimmed) ? trimmed : null;
}

export function isOperator(email: unknown, allowlist: OperatorAllowlist): boolean {
  const address = normalizedEmail(email);
  if (!address) return false;
  if (allowlist.emails.includes(address)) return true;
  return allowlist.domain !== null && address.slice(address.lastIndexOf('@') + 1) === allowlist.domain;
}
