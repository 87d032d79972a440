import 'server-only';

import type { CompanyPage } from '@/lib/doors/company/company-page';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { Refusal } from '@/lib/owners/mirror/state';
import { type MirrorStatus, mirrorStatus, readinessOf } from '@/lib/owners/mirror/status';
import { getEnv } from '@/lib/platform/env';

/** What the money pages are handed by their door (lib/doors/company/page.ts), or a test in its place. */
export type MoneyDoor = Pick<CompanyPage, 'scope' | 'read' | 'connection'> & Partial<Pick<CompanyPage, 'viewNoted'>>;

/**
 * Whether the company's copy can show its payments, and if not, why, in the words the pages use: the payments' pages
 * read only the copy (the service has no search, no totals, and the add-on does not page through it live).
 * - `off`: MIRROR_SYNC is off, there is no copy;
 * - `disconnected`: the user's own connection is not working, or the copy stopped after the service refused the
 *   company's token (401): nothing is shown from it, as the document lists show a live call's answer then;
 * - `refused`: the service refuses the payments' list (403 or 404: `refusal`);
 * - `paused`: the copy was not read whole and its updates are paused (402: the company has no API package);
 * - `preparing`: the payments are being copied (`read` so far);
 * - `ready`: read whole (readinessOf: a full read of the payments ended), and the user's connection works.
 */
export type PaymentsState =
  | { state: 'off' }
  | { state: 'disconnected' }
  | { state: 'refused'; refusal: Refusal }
  | { state: 'paused' }
  | { state: 'preparing'; read: number }
  | { state: 'ready' };

export async function paymentsState(
  company: MoneyDoor,
): Promise<{ status: MirrorStatus | null; payments: PaymentsState }> {
  if (!getEnv().mirrorSync) return { status: null, payments: { state: 'off' } };
  // A sync this very view asked for (a stale copy) is "updating…" too (CompanyPage.viewNoted).
  await company.viewNoted;
  const [status, connection] = await Promise.all([
    company.read((db, scope) => mirrorStatus(db, mirrorCompanyOf(scope))),
    company.connection(),
  ]);
  const readiness = readinessOf(status, ['payments']);
  const progress = status.progress.payments;
  const payments: PaymentsState =
    connection.state !== 'connected' || readiness === 'stopped'
      ? { state: 'disconnected' }
      : readiness === 'refused' && progress?.refused
        ? { state: 'refused', refusal: progress.refused }
        : readiness === 'ready'
          ? { state: 'ready' }
          : status.status === 'paused'
            ? { state: 'paused' }
            : { state: 'preparing', read: progress?.read ?? 0 };
  return { status, payments };
}
