/**
 * The company's copy (the mirror) as the pages and components show it: its state, whether it serves a kind yet,
 * whether an update is under way. The mirror's owner keeps it (lib/owners/mirror/); components take these types and
 * rules from here, never from the owner, and a page reads the state through `copyStatusOf` with its door's `read`.
 */
import type { CompanyScope } from '@/lib/base/company-scope';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { mirrorStatus } from '@/lib/owners/mirror/status';
import type { Db } from '@/lib/platform/db/client';

export { type MirrorStatus, readinessOf } from '@/lib/owners/mirror/status';
export { syncStateKey, watchesSync } from '@/lib/owners/mirror/sync-asked';

/** The company's copy's state, for a page (through its door's `read`). */
export function copyStatusOf(db: Db, scope: CompanyScope) {
  return mirrorStatus(db, mirrorCompanyOf(scope));
}
