import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import { connectPastedToken, type PastedConnection, type PasteOutcome } from '@/lib/owners/connections/pasted-token';
import type { ConnectionsStored } from '@/lib/owners/connections/store';
import { completePostConsent, type Completion } from '@/lib/owners/consent/complete';
import type { PollDeps } from '@/lib/owners/consent/poll';
import { advanceConsent, type ProgressView } from '@/lib/owners/consent/progress';
import { companyFingerprint } from '@/lib/owners/mirror/fingerprint';
import { requestMirrorSyncs } from '@/lib/owners/mirror/jobs';
import { type Delivery, type DeliveryOutcome, storeDelivery } from '@/lib/owners/sessions/deliveries';
import type { VaultKey } from '@/lib/platform/crypto/vault';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';
import type { ConsentCompany } from '@/lib/service/schemas/consent';

/**
 * A connection stored is a reason to begin the company's copy, or bring it up to date: every way a connection is
 * stored (a token the gateway delivered, a consent in either response mode, a token the user pasted) goes through
 * here, so that rule is written once. The owners that store (connections, consent, sessions' deliveries) know nothing
 * of the mirror, whose owner reads the connections (a cycle the other way): the two are composed here, above both,
 * once the store's transaction has ended.
 */
export const syncStoredCompanies: ConnectionsStored = (pluginId, tenantIds) => requestMirrorSyncs(pluginId, tenantIds);

/**
 * A token pasted into the company page's form: checked with the service and against what the company's copy holds
 * (the mirror's owner reads it, the connections' owner compares), stored, and the company's copy begun.
 */
export async function connectPasted(
  db: Db,
  scope: CompanyScope,
  pasted: PastedConnection,
  keys: readonly VaultKey[],
): Promise<PasteOutcome> {
  const known = await companyFingerprint(db, scope);
  const outcome = await connectPastedToken(db, scope, pasted, keys, known);
  if (outcome === 'connected' || outcome === 'unproven') await syncStoredCompanies(scope.pluginId, [scope.tenantId]);
  return outcome;
}

/** The gateway's token delivery: stored, and the copy of each company whose token was stored begun. */
export async function acceptDelivery(db: Db, delivery: Delivery, keys: readonly VaultKey[]): Promise<DeliveryOutcome> {
  const outcome = await storeDelivery(db, delivery, keys);
  await syncStoredCompanies(delivery.pluginId, outcome.storedTenantIds);
  return outcome;
}

/** The consent's answer in post mode (/consent/return): completed, and the copy of each company it connected begun. */
export async function completeConsentReturn(
  db: Db,
  state: string,
  companies: readonly ConsentCompany[],
  keys: readonly VaultKey[],
): Promise<Completion> {
  const completion = await completePostConsent(db, state, companies, keys);
  if (completion.kind === 'connected') {
    await syncStoredCompanies(
      getEnv().pluginId,
      completion.outcome.stored.map((company) => company.tenantId),
    );
  }
  return completion;
}

/**
 * A consent's progress, moved on by what can be known now (lib/owners/consent/progress.ts); in poll mode the
 * companies an approval connects get their copy begun.
 */
export function followConsent(
  db: Db,
  consentId: string,
  scope: CompanyScope,
  deps: Omit<PollDeps, 'stored'>,
): Promise<ProgressView | null> {
  return advanceConsent(db, consentId, scope, { ...deps, stored: syncStoredCompanies });
}
