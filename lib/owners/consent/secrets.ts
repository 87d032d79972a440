import 'server-only';

import { randomBytes } from 'node:crypto';

import type { SealContext } from '@/lib/platform/crypto/vault';

/**
 * The secrets of one Integration Consent. The state is at least 32 characters from a CSPRNG (interface: Limits);
 * 32 random bytes give 43 base64url characters. The id is the attempt's public name in our addresses. (No webhook
 * secret of ours: the service generates one per connection, lib/owners/consent/url.ts.)
 */
export const newConsentState = () => randomBytes(32).toString('base64url');
export const newConsentId = () => randomBytes(16).toString('base64url');

/** The shape of an attempt's public id: anything else is no attempt of ours, and is not looked up. */
export const isConsentId = (value: string) => /^[A-Za-z0-9_-]{10,64}$/.test(value);

/** The sealed state belongs to its consent row and to nothing else. */
export const consentStateContext = (consentId: string): SealContext => ['consent-state', consentId];
