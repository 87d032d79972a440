import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET } from '@/app/api/metrics/route';
import { POST as webhook } from '@/app/api/webhooks/[webhookId]/route';
import { countedClientForToken } from '@/lib/owners/connections/client';
import { dataApiUsage } from '@/lib/owners/ops/data-api-usage';
import { launchCounts } from '@/lib/owners/ops/launches';
import { flushOpsRecords } from '@/lib/owners/ops/record';
import { getDb } from '@/lib/platform/db/client';
import { resetEnvForTests } from '@/lib/platform/env';

import { API_KEY, BASE, exchange, launchJwt } from '../support/broker';
import { clearFaults, type CompanyFixture, setFault, signIn, startCompanyFixture } from '../support/company';
import { capturedLogLines, rememberedSecrets, rememberSecret } from '../support/log-capture';

/**
 * GET /api/metrics: this instance's Prometheus text, for whoever holds METRICS_TOKEN. Exercised through the real
 * route handlers (a launch, a refused launch, a data-API call against the sandbox, a refused notification), then
 * read back through an independent parser of the text format.
 */

const METRICS_TOKEN = rememberSecret('metrics-token-for-the-tests-0123456789abcdef');

type Family = {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string; count?: string; buckets?: Record<string, string> }[];
};

let fixture: CompanyFixture;

beforeAll(async () => {
  fixture = await startCompanyFixture();
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  resetEnvForTests();
  await fixture.stop();
});

function scrape(authorization?: string): Promise<Response> {
  return GET(new Request(`${BASE}/api/metrics`, { headers: authorization ? { authorization } : {} }));
}

function withToken(token: string | undefined) {
  if (token === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = token;
  resetEnvForTests();
}

type Scraped = Map<string, Family> & { text: string };

async function families(): Promise<Scraped> {
  const response = await scrape(`Bearer ${METRICS_TOKEN}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const text = await response.text();
  // The parser throws on any line that is not the text format.
  const parsed = parsePrometheusTextFormat(text) as Family[];
  return Object.assign(new Map(parsed.map((family) => [family.name, family])), { text });
}

/**
 * The value of the series of `name` whose labels include `labels` (0 when there is none). A labelled histogram's
 * count is read from its `_count` line: the parser keeps the labels of unlabelled histograms only.
 */
function valueOf(all: Scraped, name: string, labels: Record<string, string>): number {
  if (all.get(name)?.type === 'HISTOGRAM') {
    const selector = Object.entries(labels)
      .map(([label, value]) => `${label}="${value}"`)
      .join(',');
    return Number(new RegExp(`^${name}_count\\{${selector}\\} (\\S+)$`, 'm').exec(all.text)?.[1] ?? 0);
  }
  const series = all
    .get(name)
    ?.metrics.find((metric) => Object.entries(labels).every(([label, value]) => metric.labels?.[label] === value));
  return series ? Number(series.value ?? series.count) : 0;
}

describe('GET /api/metrics', () => {
  it('does not exist without METRICS_TOKEN: 404 in the one error shape', async () => {
    withToken(undefined);
    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it.each([
    ['no Authorization', undefined],
    ['a wrong token', 'Bearer metrics-token-for-the-tests-0123456789abcdeX'],
    ['a prefix of the token', `Bearer ${METRICS_TOKEN.slice(0, -1)}`],
    ['the token without Bearer', METRICS_TOKEN],
    ['Basic credentials', `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}`],
  ])('answers 401 to %s, and logs only the reason', async (_label, authorization) => {
    withToken(METRICS_TOKEN);
    const response = await scrape(authorization);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    expect(JSON.parse(capturedLogLines.at(-1)!)).toMatchObject({ endpoint: 'metrics', status: 401 });
  });

  it('refuses a token shorter than 32 characters in the configuration', async () => {
    withToken('too-short');
    await expect(scrape(`Bearer too-short`)).rejects.toThrow(/METRICS_TOKEN is malformed/);
    withToken(METRICS_TOKEN);
  });

  it('answers the Prometheus text with the token: launches, refusals, deliveries, data-API calls, 429s, budget waits, notifications, queues and process metrics', async () => {
    withToken(METRICS_TOKEN);
    const before = await families();

    // A launch (exchange, delivery, sign-in), a launch refused for its API key, and a replayed JWT.
    await signIn(fixture, { tenantIds: ['10001'] });
    expect((await exchange(await launchJwt(fixture), { apiKey: 'not-the-key-at-all-but-long-enough' })).status).toBe(
      401,
    );
    const jwt = await launchJwt(fixture);
    expect((await exchange(jwt)).status).toBe(200);
    expect((await exchange(jwt)).status).toBe(401);

    // Data-API calls of company 10002: one answered 429 once, then (retried after the pause) 200.
    const token = rememberSecret(fixture.tokens.issue('10002', 'metrics-reader'));
    const client = await countedClientForToken(token, '10002');
    await setFault(fixture, '10002', { mode: 'rate-limited', count: 1, retryAfterSeconds: 1 });
    await client.auth.check();
    await clearFaults(fixture);
    await client.invoices.list({ Top: 1 });

    // A notification refused (no signature, unknown address).
    const webhookId = 'AAAAAAAAAAAAAAAAAAAAAA';
    const refused = await webhook(new Request(`${BASE}/api/webhooks/${webhookId}`, { method: 'POST', body: '{}' }), {
      params: Promise.resolve({ webhookId }),
    });
    expect(refused.status).toBe(400);

    const after = await families();
    const grew = (name: string, labels: Record<string, string>, by = 1) =>
      expect(valueOf(after, name, labels) - valueOf(before, name, labels), `${name} ${JSON.stringify(labels)}`).toBe(
        by,
      );
    grew('kros_addon_launches_total', { step: 'exchange', outcome: 'ok', reason: 'ok' }, 2);
    grew('kros_addon_launches_total', { step: 'sign_in', outcome: 'ok', reason: 'ok' });
    grew('kros_addon_launches_total', { step: 'exchange', outcome: 'failed', reason: 'api_key_wrong' });
    grew('kros_addon_launches_total', { step: 'exchange', outcome: 'failed', reason: 'jwt_replayed' });
    grew('kros_addon_token_deliveries_total', { outcome: 'ok', reason: 'ok' });
    grew('kros_addon_delivered_tokens_total', { outcome: 'stored' });
    grew('kros_addon_data_api_calls_total', { family: 'auth', status: '200', kind: 'ok', tenant_id: '10002' });
    grew('kros_addon_data_api_calls_total', { family: 'invoices', status: '200', kind: 'ok', tenant_id: '10002' });
    grew('kros_addon_data_api_rate_limited_total', { family: 'auth', tenant_id: '10002' });
    grew('kros_addon_data_api_budget_wait_seconds', { priority: 'page' }, 2);
    expect(valueOf(after, 'kros_addon_webhook_receipts_total', { outcome: 'refused' })).toBeGreaterThan(0);

    // The same outcomes went to the operational records, written by the next flush.
    await flushOpsRecords(await getDb());
    const since = new Date(Date.now() - 3_600_000);
    expect((await launchCounts(await getDb(), { since })).failures).toEqual(
      expect.arrayContaining([
        { step: 'exchange', reason: 'api_key_wrong', count: 1 },
        { step: 'exchange', reason: 'jwt_replayed', count: 1 },
      ]),
    );
    expect(
      (await dataApiUsage(await getDb(), { since })).find((company) => company.tenantId === '10002'),
    ).toMatchObject({ calls: 2, rateLimited: 1, errorsByKind: {} });

    expect(after.get('kros_addon_data_api_budget_wait_seconds')?.type).toBe('HISTOGRAM');
    expect(after.get('kros_addon_job_queue_jobs')?.type).toBe('GAUGE');
    expect(after.get('kros_addon_mirror_sync_lag_max_seconds')?.type).toBe('GAUGE');
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds'])
      expect(after.has(name), name).toBe(true);
  });

  it('shows no secret: not the metrics token, API key, JWT, launch code, access token or session', async () => {
    withToken(METRICS_TOKEN);
    const text = await (await scrape(`Bearer ${METRICS_TOKEN}`)).text();
    expect(text).not.toContain(METRICS_TOKEN);
    expect(text).not.toContain(API_KEY);
    // Every secret the tests handed out (tokens, JWTs, codes, cookies) is remembered by the log capture.
    for (const secret of rememberedSecrets()) expect(text.includes(secret), 'a remembered secret').toBe(false);
    // Labels hold only bounded values: no user ids either.
    expect(text).not.toContain('jana.novakova');
  });
});
