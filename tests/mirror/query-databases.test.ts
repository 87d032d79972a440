import { beforeAll, describe, expect, it } from 'vitest';

import { documentSorts, listMirrored, type MirrorView, totalsOfMirrored } from '@/lib/features/documents/queries';
import { DOCUMENT_KINDS } from '@/lib/owners/mirror/kinds';
import { syncCompany } from '@/lib/owners/mirror/sync';

import { postgresUrl, testDatabaseDuringTests } from '../support/databases';
import { TODAY } from '../support/sandbox';
import { mirrorSandboxDuringTests } from './mirror-fixture';
import { everyMirrored } from './query-fixture';

/**
 * PGlite and PostgreSQL answer every view of the same mirror identically: the same records in the same order, the
 * same highlights and the same totals, for every sort and a range of searches (folding, ranking and sorting never
 * depend on a server's locale). Runs only with a PostgreSQL to compare with (TEST_DATABASE_URL).
 */
const TENANT = '10002';

describe.skipIf(!postgresUrl)('the mirror’s queries on PGlite and on PostgreSQL', () => {
  const pglite = testDatabaseDuringTests('pglite');
  const postgres = testDatabaseDuringTests('postgres');
  const api = mirrorSandboxDuringTests();
  const company = () => api.company(TENANT);
  const searches: string[] = ['2026', 'sro', 'ová', 'a', 'SK', 'ZF', '0001', 'služby', 'oprava 2026'];

  beforeAll(async () => {
    // Both from one sandbox, which does not change meanwhile: the same documents.
    for (const { db } of [pglite, postgres]) {
      await api.connect(db, TENANT);
      await syncCompany(db, company(), api.client(TENANT).client, 'full');
    }
    const partners = (await everyMirrored(pglite.db, company(), 'invoices', {}))
      .map((record) => record.partner?.address?.businessName)
      .filter((name): name is string => Boolean(name));
    searches.push(...partners.slice(0, 5), partners[7]!.split(' ')[0]!.toUpperCase());
  }, 120_000);

  it('every sort of every kind, whole lists, in the same order', async () => {
    for (const kind of DOCUMENT_KINDS) {
      for (const key of documentSorts.keys) {
        for (const sort of [key, `-${key}`]) {
          const [left, right] = await Promise.all(
            [pglite, postgres].map((database) => everyMirrored(database.db, company(), kind, { sort })),
          );
          expect(right, `${kind} sort=${sort}`).toEqual(left);
          expect(left!.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('searches: the same matches, ranking, highlights and totals', async () => {
    for (const kind of DOCUMENT_KINDS) {
      for (const q of searches) {
        for (const view of [{ q }, { q, sort: 'partner' }, { q, filters: { PaymentStatus: '0' } }] as MirrorView[]) {
          if (kind === 'deliveryNotes' && view.filters) continue;
          const both = await Promise.all(
            [pglite, postgres].map(async (database) => ({
              page: await listMirrored(database.db, company(), kind, { ...view, top: 100, today: TODAY }),
              totals: await totalsOfMirrored(database.db, company(), kind, { ...view, today: TODAY }),
            })),
          );
          expect(both[1], `${kind} ${JSON.stringify(view)}`).toEqual(both[0]);
        }
      }
    }
  });
});
