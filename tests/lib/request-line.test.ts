import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET as syncState } from '@/app/companies/[tenantId]/sync/route';
import { HttpError } from '@/lib/base/errors';
import { handleRequest } from '@/lib/doors/http/handle';
import { getMetrics } from '@/lib/platform/metrics/registry';

import { BASE } from '../support/broker';
import { type CompanyFixture, get, signIn, startCompanyFixture } from '../support/company';
import { capturedLogLines } from '../support/log-capture';

/**
 * Every request through a door ends with one log line (message `request`: endpoint, method, status, ms, reason; a
 * company's route also its path) and one count in kros_addon_requests_total, whether it succeeded or failed
 * (lib/owners/ops/requests.ts). Through handleRequest (the broker's endpoints, the callback, webhooks) and through
 * companyRoute (a company's files, exports, forms and sync state).
 */

type Line = Record<string, unknown>;

/** The request lines written while `act` ran. */
async function linesOf(act: () => Promise<unknown>): Promise<Line[]> {
  const before = capturedLogLines.length;
  await act();
  return capturedLogLines
    .slice(before)
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.msg === 'request');
}

type Labels = { endpoint: string; method: string; status: string; reason: string };

async function counted(labels: Labels) {
  const { values } = await getMetrics().requests.get();
  const series = values.find((value) =>
    (Object.keys(labels) as (keyof Labels)[]).every((label) => value.labels[label] === labels[label]),
  );
  return series?.value ?? 0;
}

/** Runs `act` and says by how much the series of `labels` grew. */
async function growthOf(labels: Labels, act: () => Promise<unknown>) {
  const before = await counted(labels);
  await act();
  return (await counted(labels)) - before;
}

const post = () => new Request(`${BASE}/test/door`, { method: 'POST' });

describe('a request through handleRequest', () => {
  it('succeeded: one line with its endpoint, method, status, ms, reason ok and its fields; counted once', async () => {
    const labels = { endpoint: 'test.door', method: 'POST', status: '200', reason: 'ok' };
    let lines: Line[] = [];
    const grew = await growthOf(labels, async () => {
      lines = await linesOf(() =>
        handleRequest({ endpoint: 'test.door', request: post() }, async (log) => {
          log.entries = 2;
          return Response.json({ done: true });
        }),
      );
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, endpoint: 'test.door', method: 'POST', status: 200, reason: 'ok' });
    expect(lines[0]).toMatchObject({ entries: 2, ms: expect.any(Number) });
    expect(grew).toBe(1);
  });

  it('refused: one line with the refusal’s status and reason code; counted once', async () => {
    const labels = { endpoint: 'test.door', method: 'POST', status: '403', reason: 'test_refused' };
    let lines: Line[] = [];
    let status = 0;
    const grew = await growthOf(labels, async () => {
      lines = await linesOf(async () => {
        ({ status } = await handleRequest({ endpoint: 'test.door', request: post() }, async () => {
          throw new HttpError('forbidden', 'test_refused');
        }));
      });
    });
    expect(status).toBe(403);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, endpoint: 'test.door', method: 'POST', status: 403 });
    expect(lines[0]).toMatchObject({ reason: 'test_refused', ms: expect.any(Number) });
    expect(grew).toBe(1);
  });

  it('failed unexpectedly: the same one line, at error level, with what may be said of the error', async () => {
    const labels = { endpoint: 'test.door', method: 'POST', status: '500', reason: 'unexpected_error' };
    let lines: Line[] = [];
    const grew = await growthOf(labels, async () => {
      const before = capturedLogLines.length;
      lines = await linesOf(() =>
        handleRequest({ endpoint: 'test.door', request: post() }, async () => {
          throw new TypeError('nothing foresaw this');
        }),
      );
      // Nothing else was written for it: the line is the request's only one.
      expect(capturedLogLines.length - before).toBe(1);
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, endpoint: 'test.door', status: 500, reason: 'unexpected_error' });
    expect(lines[0]).toMatchObject({ err: { name: 'TypeError' }, ms: expect.any(Number) });
    expect(grew).toBe(1);
  });
});

describe('a request through companyRoute', () => {
  let fixture: CompanyFixture;
  let cookie: string;
  beforeAll(async () => {
    fixture = await startCompanyFixture();
    cookie = await signIn(fixture, { tenantIds: ['10001'] });
  });
  afterAll(() => fixture.stop());

  const syncOf = (tenantId: string, headers: Record<string, string>) =>
    get(syncState, `/companies/${tenantId}/sync?ignored=query`, { tenantId }, headers);

  it('answered: one line with its endpoint, method, path (never the query), status, ms and reason ok; counted once', async () => {
    const labels = { endpoint: 'company.sync', method: 'GET', status: '200', reason: 'ok' };
    let lines: Line[] = [];
    const grew = await growthOf(labels, async () => {
      lines = await linesOf(async () => expect((await syncOf('10001', { cookie })).status).toBe(200));
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, endpoint: 'company.sync', method: 'GET', status: 200, reason: 'ok' });
    expect(lines[0]).toMatchObject({ route: '/companies/10001/sync', ms: expect.any(Number) });
    expect(JSON.stringify(lines)).not.toContain('ignored=query');
    expect(grew).toBe(1);
  });

  it.each([
    ['without a session', '10001', {}, 401, 'no_session'],
    ['for a company outside the session', '10002', 'cookie', 403, 'company_not_in_session'],
  ] as const)(
    'refused %s: one line with the status and reason; counted once',
    async (_what, tenantId, sent, status, reason) => {
      const labels = { endpoint: 'company.sync', method: 'GET', status: String(status), reason };
      let lines: Line[] = [];
      const grew = await growthOf(labels, async () => {
        lines = await linesOf(async () =>
          expect((await syncOf(tenantId, sent === 'cookie' ? { cookie } : sent)).status).toBe(status),
        );
      });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ endpoint: 'company.sync', method: 'GET', status, reason });
      expect(lines[0]).toMatchObject({ route: `/companies/${tenantId}/sync`, ms: expect.any(Number) });
      expect(grew).toBe(1);
    },
  );
});
