import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openCompanyClient, openCompanyClientForWork } from '@/lib/owners/connections/client';
import { listConnections } from '@/lib/owners/connections/states';
import { getDb } from '@/lib/platform/db/client';
import { accessTokens } from '@/lib/platform/db/schema';
import { DataApiError } from '@/lib/service/errors';

import { tokenFingerprint as fingerprintOf } from '../../sandbox/data-api/request-log';
import { PLUGIN_ID } from '../support/broker';
import { type CompanyFixture, connectCompany, startCompanyFixture } from '../support/company';

/**
 * The client of one company, against the sandbox's data API: it opens the token delivered for (user, company,
 * plugin) and nothing else, and a token the service rejects is marked so the pages can say what happened.
 */
const userId = 'jana.novakova@example.sk';
const identity = (tenantId: string) => ({ userId, tenantId, pluginId: PLUGIN_ID });

let sandbox: CompanyFixture;

const deliverFresh = (tenantId: string) => connectCompany(sandbox, tenantId, userId);

beforeAll(async () => {
  sandbox = await startCompanyFixture();
});
afterAll(async () => {
  delete process.env.DATA_API_BASE_URL;
  await sandbox?.stop();
});

describe('the data-API client of one company', () => {
  it('reaches the data API with the company’s delivered token', async () => {
    await deliverFresh('10001');
    const client = await openCompanyClient(identity('10001'));
    await expect(client.auth.check()).resolves.toBe(true);
  });

  it('refuses, sending nothing, for a company without a delivered token', async () => {
    await expect(openCompanyClient(identity('10002'))).rejects.toMatchObject({ kind: 'not-connected' });
  });

  it('marks the stored token invalid when the service answers 401, and a new delivery makes it usable again', async () => {
    await deliverFresh('10004');
    const client = await openCompanyClient(identity('10004'));
    sandbox.tokens.revoke('10004', userId);

    const error = await client.auth.check().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DataApiError);
    expect((error as DataApiError).kind).toBe('unauthorized');
    const [state] = await listConnections(await getDb(), { userId, pluginId: PLUGIN_ID, tenantIds: ['10004'] });
    expect(state?.state).toBe('invalid');
    await expect(openCompanyClient(identity('10004'))).rejects.toMatchObject({ kind: 'not-connected' });

    await deliverFresh('10004');
    await expect((await openCompanyClient(identity('10004'))).auth.check()).resolves.toBe(true);
  });

  it('does not mark a newer token invalid when an older one is rejected', async () => {
    await deliverFresh('10002');
    const stale = await openCompanyClient(identity('10002'));
    sandbox.tokens.revoke('10002', userId);
    await deliverFresh('10002'); // the connection was reset and the gateway delivered the new token meanwhile

    await expect(stale.auth.check()).rejects.toMatchObject({ kind: 'unauthorized' });
    const [row] = await (await getDb()).select().from(accessTokens).where(eq(accessTokens.tenantId, '10002'));
    expect(row?.invalidatedAt).toBeNull();
    await expect((await openCompanyClient(identity('10002'))).auth.check()).resolves.toBe(true);
  });
});

describe('the data-API client of a company for background work', () => {
  const company = (tenantId: string) => ({ pluginId: PLUGIN_ID, tenantId });
  /** Whether the company's latest data-API call carried this token. */
  const lastCallUsed = (tenantId: string, token: string) =>
    sandbox.dataApi
      .requests()
      .filter((request) => request.tenantId === tenantId)
      .at(-1)?.tokenFingerprint === fingerprintOf(token);

  it('opens the working token of the company stored most recently, whichever user it came with', async () => {
    await connectCompany(sandbox, '20001', 'jana.novakova@example.sk');
    const newest = await connectCompany(sandbox, '20001', 'peter.horvath@example.sk');
    await (await openCompanyClientForWork(await getDb(), company('20001'))).auth.check();
    expect(lastCallUsed('20001', newest)).toBe(true);
  });

  it('passes over a token the service refused, and marks the one it refuses now', async () => {
    const older = await connectCompany(sandbox, '20002', 'jana.novakova@example.sk');
    await connectCompany(sandbox, '20002', 'peter.horvath@example.sk');
    sandbox.tokens.revoke('20002', 'peter.horvath@example.sk');
    await expect((await openCompanyClientForWork(await getDb(), company('20002'))).auth.check()).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    const [peter] = await listConnections(await getDb(), {
      userId: 'peter.horvath@example.sk',
      pluginId: PLUGIN_ID,
      tenantIds: ['20002'],
    });
    expect(peter?.state).toBe('invalid');

    await (await openCompanyClientForWork(await getDb(), company('20002'))).auth.check();
    expect(lastCallUsed('20002', older)).toBe(true);
  });

  it('refuses, sending nothing, for a company without any working token', async () => {
    await expect(openCompanyClientForWork(await getDb(), company('20003'))).rejects.toMatchObject({
      kind: 'not-connected',
    });
  });
});
