/**
 * The metrics through the production build: `next start` serves GET /api/metrics with prom-client loaded as Node
 * loads it, one registry shared by the route handlers that count and the route that answers, the job queues' gauges
 * read from the database, and the operational records flushed in the background without a complaint.
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

import { rememberSecret } from '../support/log-capture';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { printAddonOutputOnFailure } from './support/failure-output';
import { type FetchedSession, launchEveryKindOfUser, loadPage } from './support/sessions';

const METRICS_TOKEN = rememberSecret('e2e-metrics-token-0123456789abcdef0123456789');

let env: E2eEnvironment;
let sessions: Record<string, FetchedSession>;

beforeAll(async () => {
  env = await startEnvironment({ addonEnv: { METRICS_TOKEN } });
  sessions = await launchEveryKindOfUser(env);
});
afterAll(() => env?.stop());

printAddonOutputOnFailure(() => env?.addon);

const scrape = (authorization?: string) =>
  fetch(`${env.addon.directUrl}/api/metrics`, { headers: authorization ? { authorization } : {} });

describe('GET /api/metrics on next start', () => {
  it('answers 401 in the one error shape without the token', async () => {
    for (const authorization of [undefined, 'Bearer not-the-metrics-token-0123456789abcdef']) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    }
  });

  it('counts launches, a refused exchange, the pages’ data-API calls, queues and the process, and shows no secret', async () => {
    const refused = await fetch(`${env.addon.directUrl}/api/auth/token-exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-plugin-api-key': 'a-wrong-api-key-of-some-length' },
      body: JSON.stringify({ token: 'a.b.c' }),
    });
    expect(refused.status).toBe(401);
    expect((await loadPage(env, sessions['10001']!, '/companies/10001/invoices')).status).toBe(200);

    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
    const series = (name: string, labels: Record<string, string>) =>
      families
        .get(name)
        ?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));

    expect(Number(series('kros_addon_launches_total', { step: 'sign_in', outcome: 'ok' })?.value)).toBe(3);
    expect(Number(series('kros_addon_launches_total', { step: 'exchange', outcome: 'ok' })?.value)).toBe(3);
    expect(
      Number(
        series('kros_addon_launches_total', { step: 'exchange', outcome: 'failed', reason: 'api_key_wrong' })?.value,
      ),
    ).toBe(1);
    expect(Number(series('kros_addon_token_deliveries_total', { outcome: 'ok' })?.value)).toBeGreaterThan(0);
    expect(series('kros_addon_data_api_calls_total', { tenant_id: '10001', kind: 'ok' })).toBeDefined();
    expect(series('kros_addon_job_queue_jobs', { queue: 'db.prune', state: 'created' })).toBeDefined();
    expect(families.has('process_cpu_seconds_total')).toBe(true);

    for (const secret of [METRICS_TOKEN, sandboxDefaults.pluginApiKey, ...env.addon.secrets, ...env.issuedTokens])
      expect(text.includes(secret), 'a secret in the metrics').toBe(false);
    for (const session of Object.values(sessions)) {
      expect(text).not.toContain(session.cookieValue);
      expect(text).not.toContain(session.launchCode);
    }
  });

  it('writes the operational records in the background without failing, and never logs the metrics token', async () => {
    // Longer than one flush interval (5 s) after the launches above.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(env.addon.output()).not.toContain('operational records');
    expect(env.addon.output()).not.toContain(METRICS_TOKEN);
  });
});
