import { describe, expect, it } from 'vitest';

import { csvMappingOf, rememberCsvMapping } from '@/lib/owners/imports/csv-mappings';

import { PLUGIN_ID } from '../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../support/databases';

/**
 * A CSV statement's column mapping, confirmed once per account and remembered (import_csv_mappings, owned by
 * lib/owners/imports): one per company and account, any user of the company reads and replaces it, another
 * company's is never seen.
 */
const jana = { userId: 'jana@example.sk', pluginId: PLUGIN_ID, tenantId: '10001' };
const peter = { ...jana, userId: 'peter@example.sk' };
const mapping = { columns: { date: 'Dátum', amount: 'Suma' }, currency: 'EUR' };

describe.each(databaseKinds)('remembered CSV mappings on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  it('none until confirmed; then the account’s, with who confirmed it and when', async () => {
    expect(await csvMappingOf(database.db, jana, '844')).toBeNull();
    await rememberCsvMapping(database.db, jana, '844', mapping);
    expect(await csvMappingOf(database.db, jana, '844')).toMatchObject({
      accountId: '844',
      mapping,
      confirmedBy: jana.userId,
      confirmedAt: expect.any(Date),
    });
    expect(await csvMappingOf(database.db, jana, '850')).toBeNull();
  });

  it('confirmed again by another user of the company: replaced, his', async () => {
    const changed = { ...mapping, columns: { date: 'Dátum valuty', credit: 'Príjem', debit: 'Výdaj' } };
    await rememberCsvMapping(database.db, peter, '844', changed);
    expect(await csvMappingOf(database.db, jana, '844')).toMatchObject({ mapping: changed, confirmedBy: peter.userId });
  });

  it('another company never sees it; an id that is no account’s names none', async () => {
    expect(await csvMappingOf(database.db, { ...jana, tenantId: '10002' }, '844')).toBeNull();
    expect(await csvMappingOf(database.db, jana, '0844; drop')).toBeNull();
    await expect(rememberCsvMapping(database.db, jana, 'x', mapping)).rejects.toThrow(TypeError);
  });
});
