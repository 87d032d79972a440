/**
 * What the connection's pages and components are handed: the company's connection and its state, the outcome of a
 * pasted token, of a consent and its progress, and the notice of a connection replaced. The owners keep them
 * (lib/owners/connections/, lib/owners/consent/); pages and components take them from here, never from an owner.
 */
export { type ConnectionNotice, findConnectionNotice } from '@/lib/owners/connections/notice';
export { PASTE_OUTCOMES, type PasteOutcome } from '@/lib/owners/connections/pasted-token';
export type { CompanyConnection, ConnectionState } from '@/lib/owners/connections/states';
export { type AskedFor, describeOutcome } from '@/lib/owners/consent/describe';
export type { ProgressView } from '@/lib/owners/consent/progress';
export { type ConsentResult, findConsentResult } from '@/lib/owners/consent/result';
export { isConsentId } from '@/lib/owners/consent/secrets';
