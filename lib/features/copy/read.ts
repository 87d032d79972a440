import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { mirrorStatus } from '@/lib/owners/mirror/status';
import type { Db } from '@/lib/platform/db/client';

/** The company's copy's state, for a page (through its door's `read`); the rules on it are in ./state.ts. */
export function copyStatusOf(db: Db, scope: CompanyScope) {
  return mirrorStatus(db, mirrorCompanyOf(scope));
}
