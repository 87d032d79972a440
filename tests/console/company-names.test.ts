import { beforeAll, describe, expect, it } from 'vitest';

import { companyNames } from '@/lib/features/console/company-names';
import { companyKey } from '@/lib/features/console/rows';
import { getEnv } from '@/lib/platform/env';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { PLUGIN_ID, seedConsole } from './fixture';

/**
 * The Data API page knows companies only by their ids (the operational records): their names come from the
 * connections, a delivery without a name never hiding one another delivery gave.
 */
describe.each(databaseKinds)('companies’ names on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  beforeAll(async () => {
    await seedConsole(database.db, getEnv().encryptionKeys);
  });

  it('are the names the service gave with the connections, by company', async () => {
    const names = await companyNames(database.db);
    // 10001: Jana's connection named it; Peter's later one carried no name.
    expect(names.get(companyKey(PLUGIN_ID, '10001'))).toBe('Alfa s.r.o.');
    expect(names.get(companyKey(PLUGIN_ID, '10003'))).toBe('Gama');
    expect(names.has(companyKey(PLUGIN_ID, 'no-such-company'))).toBe(false);
  });
});
