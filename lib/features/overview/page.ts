import 'server-only';

import { companyToday } from '@/lib/base/calendar';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { overviewFor } from '@/lib/features/documents/load';
import { mirrorReadiness } from '@/lib/features/documents/queries/across';
import { overviewFromMirror } from '@/lib/features/overview/queries/cards';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { getEnv } from '@/lib/platform/env';
import type { Loaded } from '@/lib/platform/http/page-problem';
import type { Overview } from '@/lib/service/records/overview';

/** The kinds the overview's cards sum (readinessOf: the mirror answers once both were read whole). */
const CARD_KINDS = ['invoices', 'expenses'] as const;

export type OverviewDoor = Pick<CompanyPage, 'scope' | 'read' | 'load' | 'connection'>;

/**
 * The overview's cards: from the company's mirror, with no call to the service, once its invoices and expenses were
 * read whole and the user's own connection works (as the lists decide: a user whose token was refused meets what the
 * service says); else from the data API as before (overviewFor: four lists, kept a minute).
 */
export async function loadOverviewPage(door: OverviewDoor): Promise<Loaded<Overview>> {
  if (getEnv().mirrorSync && (await door.connection()).state === 'connected') {
    const mirrored = await door.read(async (db, scope) => {
      const company = mirrorCompanyOf(scope);
      const [readiness] = await mirrorReadiness(db, [company], CARD_KINDS);
      if (readiness !== 'ready') return null;
      const now = new Date();
      return overviewFromMirror(db, company, now, companyToday(now));
    });
    if (mirrored) return { ok: true, value: mirrored };
  }
  return door.load(({ client }) => overviewFor(door.scope, client));
}
