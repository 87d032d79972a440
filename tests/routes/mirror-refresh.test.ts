import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET as syncState, POST as refresh } from '@/app/companies/[tenantId]/sync/route';
import { mirrorSyncQueue } from '@/lib/owners/mirror/jobs';
import { resetEnvForTests } from '@/lib/platform/env';
import { startJobs, stopJobs } from '@/lib/platform/jobs/process';

import { type CompanyFixture, get, postCompanyForm, signIn, startCompanyFixture } from '../support/company';

/**
 * A list's refresh button (POST /companies/{id}/sync): our own pages only, the session's company only, and back to
 * the page it came from when that is one of the company's pages; never anywhere else. The same address answers the
 * pages' script (GET) whether an update is under way: from the moment the button asked for one, before any worker
 * began it.
 */
let fixture: CompanyFixture;
beforeAll(async () => {
  fixture = await startCompanyFixture();
});
afterAll(() => fixture.stop());

const post = (tenantId: string, back: string, headers: Record<string, string>) =>
  postCompanyForm(refresh, `/companies/${tenantId}/sync`, tenantId, new URLSearchParams({ back }).toString(), headers);

describe('the refresh of a company’s mirror', () => {
  it('answers 303 back to the company’s page it came from', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001'], connected: ['10001'] });
    const response = await post('10001', '/companies/10001/invoices?PaymentStatus=0', { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/companies/10001/invoices?PaymentStatus=0');
  });

  it('sends anywhere else back to the company’s overview', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001', '10002'], connected: ['10001'] });
    for (const back of ['https://evil.example/', '//evil.example/companies/10001', '/companies/10002/invoices', '']) {
      const response = await post('10001', back, { cookie });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/companies/10001');
    }
  });

  it('sends a page address with characters outside ASCII back percent-encoded, never raw into the header', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001'], connected: ['10001'] });
    for (const [back, location] of <[string, string][]>[
      ['/companies/10001/invoices?q=Hruška', '/companies/10001/invoices?q=Hru%C5%A1ka'],
      ['/companies/10001/expenses?q=日本', '/companies/10001/expenses?q=%E6%97%A5%E6%9C%AC'],
      ['/companies/10001/invoices?q=café', '/companies/10001/invoices?q=caf%C3%A9'],
      ['/companies/10001/dodacie-listy-š', '/companies/10001/dodacie-listy-%C5%A1'],
    ]) {
      const response = await post('10001', back, { cookie });
      expect(response.status, back).toBe(303);
      expect(response.headers.get('location'), back).toBe(location);
      expect(response.headers.get('x-content-type-options'), back).toBe('nosniff');
    }
  });

  it('does not let `..` climb out of the company’s pages', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001', '10002'], connected: ['10001'] });
    for (const back of [
      '/companies/10001/../10002/invoices',
      '/companies/10001/%2e%2e/10002',
      '/companies/10001/\u0000',
    ]) {
      const response = await post('10001', back, { cookie });
      expect(response.status, back).toBe(303);
      expect(response.headers.get('location'), back).toBe('/companies/10001');
    }
  });

  it('refuses another site’s form, a company outside the session, and no session', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001'], connected: ['10001'] });
    expect(
      (
        await post('10001', '/companies/10001', {
          cookie,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        })
      ).status,
    ).toBe(403);
    expect((await post('10003', '/companies/10003', { cookie })).status).toBe(403);
    expect((await post('10001', '/companies/10001', {})).status).toBe(401);
  });
});

describe('whether an update of a company’s copy is under way', () => {
  const mirrorSync = (on: boolean) => {
    process.env.MIRROR_SYNC = on ? 'on' : 'off';
    resetEnvForTests();
  };
  beforeAll(async () => {
    // The process's queue sends; no worker here, so an update asked for waits, as behind other companies' syncs.
    await startJobs({ queues: [mirrorSyncQueue], work: false });
  });
  afterAll(async () => {
    await stopJobs({ timeoutMs: 1_000 });
    delete process.env.MIRROR_SYNC;
    resetEnvForTests();
  });

  const state = async (tenantId: string, headers: Record<string, string>) => {
    const response = await get(syncState, `/companies/${tenantId}/sync`, { tenantId }, headers);
    return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
  };

  it('says none is under way, then that one is from the moment “Update now” asked for it', async () => {
    // Connected while the copy was off, so no first copy was asked for with the connection.
    mirrorSync(false);
    const cookie = await signIn(fixture, { tenantIds: ['10004'], connected: ['10004'] });
    mirrorSync(true);
    expect(await state('10004', { cookie })).toMatchObject({ status: 200, body: { updating: false } });
    expect((await post('10004', '/companies/10004', { cookie })).status).toBe(303);
    const asked = await state('10004', { cookie });
    expect(asked).toMatchObject({ status: 200, body: { updating: true } });
    expect(asked.type).toContain('application/json');
    expect(Object.keys(asked.body).sort()).toEqual(['state', 'status', 'updating']);
  });

  it('answers the session’s company only, as JSON', async () => {
    const cookie = await signIn(fixture, { tenantIds: ['10001'], connected: ['10001'] });
    const foreign = await state('10003', { cookie });
    expect(foreign.status).toBe(403);
    expect(foreign.type).toContain('application/json');
    expect((await state('10001', {})).status).toBe(401);
  });
});
