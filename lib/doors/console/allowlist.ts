import { domainToASCII } from 'node:url';

/**
 * Who may enter the operators' console: an address on OPERATOR_EMAILS, or any address whose domain is exactly
 * OPERATOR_EMAIL_DOMAIN (not its subdomains: `evil.example.sk` is another organisation's to hand out). Pure, so the
 * rule is tested alone; lib/doors/console/operator.ts asks it on every page and action, not only at sign-in, so taking
 * someone off the list shuts them out at their next click.
 */
export type OperatorAllowlist = { emails: readonly string[]; domain: string | null };

/**
 * The address in the one form both sides are compared in, or null when it is not one plain address: Unicode NFKC,
 * trimmed, lower case, the domain in ASCII (punycode, as DNS knows it: `exämple.sk` is `xn--exmple-cua.sk`).
 */
export function normalizedEmail(email: unknown): string | null {
  if (typeof email !== 'string') return null;
  const folded = email.normalize('NFKC').trim().toLowerCase();
  // One @, something on both sides, no spaces: enough to split it safely; the provider vouches for the rest.
  if (!/^[^\s@]+@[^\s@]+$/.test(folded)) return null;
  const at = folded.lastIndexOf('@');
  const domain = domainToASCII(folded.slice(at + 1));
  return domain ? `${folded.slice(0, at)}@${domain}` : null;
}

/**
 * Whether the address the provider vouches for is an operator's. An address that normalization would change (a
 * Kelvin sign "K" for "k", a full-width letter) is another mailbox than the one it resembles: it is refused, never
 * matched as the address it would become. Letter case alone may differ.
 */
export function isOperator(email: unknown, allowlist: OperatorAllowlist): boolean {
  if (typeof email !== 'string' || email !== email.normalize('NFKC')) return false;
  const address = normalizedEmail(email);
  if (!address) return false;
  if (allowlist.emails.some((listed) => normalizedEmail(listed) === address)) return true;
  if (allowlist.domain === null) return false;
  const domain = domainToASCII(allowlist.domain.normalize('NFKC').toLowerCase());
  return domain !== '' && address.slice(address.lastIndexOf('@') + 1) === domain;
}
