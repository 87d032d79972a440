import 'server-only';

import { and, count, eq, gt, sql } from 'drizzle-orm';

import { listConnections } from '@/lib/owners/connections/states';
import { newWebhookId } from '@/lib/owners/connections/store';
import type { Session } from '@/lib/owners/sessions/sessions';
import { receiverAddress } from '@/lib/owners/webhooks/address';
import { sha256Hex } from '@/lib/platform/crypto/digest';
import { sealSecret, type VaultKey } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { consentRequests } from '@/lib/platform/db/schema';

import { POLL_LIMIT_MS } from './poll-step';
import { consentStateContext, newConsentId, newConsentState } from './secrets';
import { type CompanyMode, CONSENT_RETURN_PATH, consentLink, type ResponseMode } from './url';

/** The service keeps an approval for 15 minutes under its state; our state lives exactly as long as we poll. */
export const CONSENT_WINDOW_MINUTES = POLL_LIMIT_MS / 60_000;

export type ConsentSettings = { url: string; responseMode: ResponseMode; appName: string; integratorName: string };
export type ConsentConfig = ConsentSettings & { appUrl: string; keys: readonly VaultKey[] };

export type StartedConsent = { id: string; responseMode: ResponseMode; url: string };

/** Attempts one session may have pending at once: enough for any person, and a bound on what a script can store. */
export const MAX_PENDING_CONSENTS = 10;

/** What the consent page's address is made of, besides the configuration. */
export type ConsentParts = { state: string; responseMode: ResponseMode; companyMode: CompanyMode; webhookId: string };

/** The consent page's address for an attempt (no webhook secret: the service makes one per connection). */
export function consentPageUrl(parts: ConsentParts, config: ConsentConfig): string {
  return consentLink({
    consentUrl: config.url,
    appName: config.appName,
    integratorName: config.integratorName,
    responseMode: parts.responseMode,
    state: parts.state,
    redirectUrl: config.appUrl + CONSENT_RETURN_PATH,
    companyMode: parts.companyMode,
    webhook: receiverAddress(config.appUrl, parts.webhookId),
  });
}

/**
 * Starts an Integration Consent from a company page. The consent asks for a `single` company, or `multiple` when
 * more of the session's companies lack a usable token (the user can then connect them all at once). A new state and
 * a new receiver address are made for each attempt; the state is stored as its hash, and sealed while the attempt is
 * pending (poll mode polls with it; in both modes the progress page can open the consent page again, e.g. when the
 * browser blocked the first tab), bound to the session, single-use, and dies with the service's 15-minute window.
 * Null when the session already has MAX_PENDING_CONSENTS attempts pending.
 */
export async function startConsent(
  db: Db,
  session: Session,
  startedFor: string,
  config: ConsentConfig,
): Promise<StartedConsent | null> {
  const [{ pending } = { pending: 0 }] = await db
    .select({ pending: count() })
    .from(consentRequests)
    .where(
      and(
        eq(consentRequests.sessionId, session.id),
        eq(consentRequests.status, 'pending'),
        gt(consentRequests.expiresAt, sql`now()`),
      ),
    );
  if (pending >= MAX_PENDING_CONSENTS) return null;
  const connections = await listConnections(db, session);
  const lacking = connections.filter((company) => company.state !== 'connected').length;
  const parts: ConsentParts = {
    state: newConsentState(),
    responseMode: config.responseMode,
    companyMode: lacking > 1 ? 'multiple' : 'single',
    webhookId: newWebhookId(),
  };
  const id = newConsentId();
  const sealed = sealSecret(parts.state, consentStateContext(id), config.keys);
  await db.insert(consentRequests).values({
    id,
    stateHash: sha256Hex(parts.state),
    responseMode: parts.responseMode,
    companyMode: parts.companyMode,
    sessionId: session.id,
    userId: session.userId,
    pluginId: session.pluginId,
    tenantIds: session.tenantIds,
    startedFor,
    webhookId: parts.webhookId,
    keyId: sealed.keyId,
    sealedState: sealed.sealed,
    expiresAt: sql`now() + make_interval(mins => ${CONSENT_WINDOW_MINUTES})`,
  });
  return { id, responseMode: parts.responseMode, url: consentPageUrl(parts, config) };
}
