import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POST as refresh } from '@/app/companies/[tenantId]/sync/route';
import { disconnectCompany, endUserSessions, type Operator } from '@/lib/features/console/actions';
import { consoleUsers } from '@/lib/features/console/users';
import { listConnections } from '@/lib/owners/connections/states';
import { getDb } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

import { PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, JANA, postCompanyForm, signIn, startCompanyFixture } from '../support/company';

/**
 * The console's actions seen from the add-on itself, on the process's database, after a real launch through the
 * broker: a user whose sessions an operator ended is refused (401) at their next request, though their cookie is
 * untouched; a disconnected company's connection is gone for its user.
 */
const ops: Operator = { email: 'ops@integrator.example', name: null };
let fixture: CompanyFixture;
beforeAll(async () => {
  fixture = await startCompanyFixture();
});
afterAll(() => fixture.stop());

const post = (cookie: string) =>
  postCompanyForm(
    refresh,
    '/companies/10001/sync',
    '10001',
    new URLSearchParams({ back: '/companies/10001' }).toString(),
    {
      cookie,
    },
  );

describe('the console’s actions, seen by the company’s user', () => {
  it('ends a signed-in user’s sessions: their next request answers 401', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001'], connected: ['10001'] });
    expect((await post(cookie)).status).toBe(303);
    const jana = (await consoleUsers(await getDb())).find((user) => user.userId === JANA)!;
    expect(jana.sessions.some((session) => session.state === 'live')).toBe(true);

    const outcome = await endUserSessions(await getDb(), ops, { pluginId: PLUGIN_ID, userId: JANA });
    expect(outcome.result).toBe('ok');
    expect((await post(cookie)).status).toBe(401);
  });

  it('disconnects a launched company: its user has no connection to it any more', async () => {
    await signIn(fixture, { tenantIds: ['10001'], connected: ['10001'] });
    const scope = { userId: JANA, pluginId: getEnv().pluginId, tenantIds: ['10001'] };
    expect((await listConnections(await getDb(), scope))[0]!.state).toBe('connected');
    const outcome = await disconnectCompany(await getDb(), ops, { pluginId: PLUGIN_ID, tenantId: '10001' });
    expect(outcome.result).toBe('ok');
    expect((await listConnections(await getDb(), scope))[0]!.state).toBe('missing');
  });
});
