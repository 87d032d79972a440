import { createHash } from 'node:crypto';

import type { StatementLine } from '@/lib/base/imports/statement-line';

/** A line as a reader builds it, before its place among the others gives it an occurrence and an id. */
export type LineDraft = Omit<StatementLine, 'index' | 'occurrence' | 'externalId'>;

/**
 * What names the statement's account in every line's identity: its IBAN, or else the account as the file writes
 * it (MT940 `:25:` `1100/2629123456`), compacted; '' when the file names none (a CSV without the account given).
 */
export function accountKeyOf(account: { iban: string | null; id?: string | null }): string {
  return account.iban ?? account.id?.replace(/\s+/g, '').toUpperCase() ?? '';
}

/**
 * What makes two lines the same line: the account, the bank's entry reference when it has one, else what the payment
 * says (counterparty, message, end-to-end reference); and always its direction, amount, currency and booking date.
 * A later download of the same statement gives the same key; identical twins share it and differ by occurrence.
 */
export function lineIdentityKey(accountKey: string, line: LineDraft): string {
  const what = line.bankReference
    ? ['ref', line.bankReference]
    : ['noref', line.counterparty.iban, line.counterparty.name, line.message, line.endToEndId];
  return JSON.stringify([accountKey, ...what, line.direction, line.amount, line.currency, line.bookingDate]);
}

/**
 * Our `externalId` of a statement line: 'st-' and the SHA-256 of its identity key and occurrence in base64url, 46
 * characters (the service takes at most 50; URL-safe, since it is also a query parameter when reading back). The
 * prefix keeps it apart from the ids of other kinds of upload; the version in the hashed text lets the rule change
 * one day without colliding with ids already sent.
 */
export function statementExternalId(identityKey: string, occurrence: number): string {
  const digest = createHash('sha256').update(`statement-line/v1\n${identityKey}\n${occurrence}`).digest('base64url');
  return `st-${digest}`;
}

/** The lines in file order, each with its index, its occurrence among identical lines, and its externalId. */
export function identifyLines(accountKey: string, drafts: LineDraft[]): StatementLine[] {
  const seen = new Map<string, number>();
  return drafts.map((draft, index) => {
    const key = lineIdentityKey(accountKey, draft);
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return { ...draft, index, occurrence, externalId: statementExternalId(key, occurrence) };
  });
}
