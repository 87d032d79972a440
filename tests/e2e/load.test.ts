/**
 * Load, end to end: four companies of three users (two gateways' kinds of user id) each open ten pages at the same
 * moment against the production build. Every page must come out whole, while the data API, which allows each
 * connection 3 requests per second, never sees a connection exceed that and never has to refuse one (429).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { maxRequestsInAnyWindow } from '../../sandbox/data-api/request-log';
import { CONTENT, PROBLEM_MARKERS, tenLoadsOf } from '../support/page-load-mix';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { printAddonOutputOnFailure } from './support/failure-output';
import { sandboxCompany } from './support/sandbox-data';
import { headerText, leaksIn, named, type Served } from './support/secrets';
import { type FetchedSession, launchEveryKindOfUser, type LoadedPage, loadPage } from './support/sessions';

const LOADS_PER_COMPANY = 10;

/** A problem state, or an empty list (every list asked for here has records). */
const NOT_WHOLE = [...PROBLEM_MARKERS, 'data-empty='];

const countBy = (values: string[]) =>
  values.reduce<Record<string, number>>((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {});

type Load = { tenantId: string; session: FetchedSession; path: string; expect: string };

let env: E2eEnvironment;
let sessions: Record<string, FetchedSession>;

beforeAll(async () => {
  // Every page asks the service (no copy): the load on the data API's per-token limit is what is tested here; the same
  // mix while the companies' copies are made is bench/mirror-load.ts's.
  env = await startEnvironment({ addonEnv: { MIRROR_SYNC: 'off' } });
  sessions = await launchEveryKindOfUser(env);
});

afterAll(async () => {
  await env?.stop();
});

printAddonOutputOnFailure(() => env?.addon);

/** Ten loads of one company (tests/support/page-load-mix.ts), in its user's session. */
function loadsOf(tenantId: string): Load[] {
  const invoiceIds = sandboxCompany(tenantId, env.today).invoices.map((invoice) => invoice.record.id);
  return tenLoadsOf(tenantId, invoiceIds).map((load) => ({ ...load, session: sessions[tenantId]! }));
}

describe('forty page loads at once, ten for each of four companies', () => {
  const companies = ['10001', '10002', '10004', '20001'];
  let results: { load: Load; page: LoadedPage }[] = [];
  let wallMs = 0;

  beforeAll(async () => {
    // The sandbox generates a company's data on the first request for it, a blocking moment that would delay (and
    // so bunch up) the arrival of every request then in flight. One invoice per company first, outside the count.
    for (const tenantId of companies) {
      const third = sandboxCompany(tenantId, env.today).invoices[2]!.record.id;
      const warmUp = await loadPage(env, sessions[tenantId]!, `/companies/${tenantId}/invoices/${third}`);
      expect(warmUp.body).toContain(CONTENT.invoice);
    }
    env.sandbox.dataApi.resetRequests();
    const loads = companies.flatMap(loadsOf);
    expect(loads).toHaveLength(companies.length * LOADS_PER_COMPANY);
    const started = performance.now();
    results = await Promise.all(
      loads.map(async (load) => ({ load, page: await loadPage(env, load.session, load.path, { timeoutMs: 240_000 }) })),
    );
    wallMs = performance.now() - started;
  }, 300_000);

  it('answers every load with 200 and the page’s content, never a problem or error state', () => {
    const wrong = results
      .map(({ load, page }) => {
        const problems = NOT_WHOLE.filter((marker) => page.body.includes(marker));
        if (
          page.status === 200 &&
          page.headers.get('content-type')?.startsWith('text/html') &&
          page.body.includes(load.expect) &&
          problems.length === 0
        ) {
          return null;
        }
        return `${load.path}: ${page.status}${problems.length ? ` with ${problems.join(' ')}` : ''}${page.body.includes(load.expect) ? '' : ` without ${load.expect}`}`;
      })
      .filter(Boolean);
    expect(wrong).toEqual([]);
  });

  it('keeps every connection within 3 data-API requests in any second, and is never refused with 429', () => {
    const log = env.sandbox.dataApi.requests();
    const perCompany = Object.fromEntries(
      companies.map((tenantId) => [tenantId, log.filter((request) => request.tenantId === tenantId).length]),
    );
    const tokens = new Set(log.map((request) => request.tokenFingerprint));
    const maxPerSecond = maxRequestsInAnyWindow(log, 1_000);
    const slowest = Math.max(...results.map(({ page }) => page.ms));
    console.log(
      [
        `load: ${results.length} page loads (${companies.length} companies × ${LOADS_PER_COMPANY}) at once`,
        `  wall time ${(wallMs / 1000).toFixed(1)} s, slowest load ${(slowest / 1000).toFixed(1)} s`,
        `  data-API calls ${log.length} (${companies.map((tenantId) => `${tenantId}: ${perCompany[tenantId]}`).join(', ')}) over ${tokens.size} tokens`,
        `  most requests of one token in any 1000 ms: ${maxPerSecond}`,
        `  statuses: ${JSON.stringify(countBy(log.map((request) => String(request.status))))}`,
      ].join('\n'),
    );

    expect(log.length).toBeGreaterThan(0);
    expect(tokens.size).toBe(companies.length);
    expect(new Set(log.map((request) => request.tenantId))).toEqual(new Set(companies));
    expect(maxPerSecond).toBeLessThanOrEqual(3);
    expect(log.filter((request) => request.status === 429)).toEqual([]);
    expect(
      log
        .filter((request) => request.status !== 200)
        .map((request) => `${request.path}${request.query}: ${request.status}`),
    ).toEqual([]);
  });

  it('shows no access token, session cookie, launch code or key in any of the pages or their headers', () => {
    const served: Served[] = results.map(({ load, page }) => ({
      source: `GET ${load.path}`,
      headers: headerText(page.headers),
      body: page.body,
    }));
    const handedOut = Object.values(sessions).flatMap((session) => [session.cookieValue, session.launchCode]);
    expect(env.issuedTokens).toHaveLength(companies.length);
    expect(
      leaksIn(served, [
        ...named('access token', env.issuedTokens),
        ...named('add-on secret', env.addon.secrets),
        ...named('session cookie or launch code', handedOut),
      ]),
    ).toEqual([]);
  });
});
