import { describe, expect, it } from 'vitest';

import { consoleOpsTexts, fillIn } from '@/lib/base/i18n/console-ops';
import { dayAndHour, hourOfDay, longDay, shortDay } from '@/lib/base/i18n/console-ops-format';
import { callsPerHourSvg, failureReasonsSvg, launchTallySvg } from '@/lib/features/charts/console-ops';
import { callsPerHour, fillDays, fillHours, lastDays, lastHours, reasonName } from '@/lib/features/console/ops-shape';

/**
 * The console's Launches and Data API pages: the hours and days the records skip are shown as zero, every failure
 * reason the broker records has words in both languages, the busiest companies get their own colour and the rest
 * one series, and the charts are labelled pictures whose company names stay text.
 */

const NOW = new Date('2026-11-24T13:37:00Z');
const at = (iso: string) => new Date(iso);

describe('the windows of the pages', () => {
  it('are the last 24 hours up to the current one and the last days up to today, oldest first, in UTC', () => {
    const hours = lastHours(NOW, 24);
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual(at('2026-11-23T14:00:00Z'));
    expect(hours.at(-1)).toEqual(at('2026-11-24T13:00:00Z'));
    expect(lastDays(NOW, 14)).toHaveLength(14);
    expect(lastDays(NOW, 3)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    // Across a month's end.
    expect(lastDays(at('2026-12-01T00:10:00Z'), 2)).toEqual(['2026-11-30', '2026-12-01']);
  });

  it('fill the hours and days nothing was recorded in with zeros and leave out what lies outside', () => {
    const hours = lastHours(NOW, 3);
    const filled = fillHours(
      [
        { hour: at('2026-11-20T09:00:00Z'), exchanged: 9, signedIn: 9, failed: 9 },
        { hour: at('2026-11-24T12:00:00Z'), exchanged: 2, signedIn: 1, failed: 1 },
      ],
      hours,
    );
    expect(filled).toEqual([
      { hour: at('2026-11-24T11:00:00Z'), exchanged: 0, signedIn: 0, failed: 0 },
      { hour: at('2026-11-24T12:00:00Z'), exchanged: 2, signedIn: 1, failed: 1 },
      { hour: at('2026-11-24T13:00:00Z'), exchanged: 0, signedIn: 0, failed: 0 },
    ]);
    expect(fillDays([{ day: '2026-11-23', exchanged: 5, signedIn: 4, failed: 2 }], lastDays(NOW, 2))).toEqual([
      { day: '2026-11-23', exchanged: 5, signedIn: 4, failed: 2 },
      { day: '2026-11-24', exchanged: 0, signedIn: 0, failed: 0 },
    ]);
  });
});

/** The reason codes the broker's endpoints and the callback record (lib/broker, lib/http, app/api/auth, app/auth). */
const RECORDED_REASONS = [
  'api_key_wrong',
  'api_key_missing',
  'token_missing_or_malformed',
  'body_missing',
  'body_too_large',
  'body_not_json',
  'jwt_malformed',
  'jwt_alg_not_allowed',
  'jwt_kid_missing',
  'jwt_kid_unknown',
  'jwt_kid_ambiguous',
  'jwt_signature_invalid',
  'jwt_expired',
  'jwt_claim_invalid',
  'jwt_plugin_mismatch',
  'jwt_replayed',
  'jwt_issued_in_future',
  'jwt_times_inconsistent',
  'jwt_lifetime_too_long',
  'jwt_invalid',
  'key_set_unavailable',
  'code_malformed',
  'code_invalid_expired_or_used',
  'too_many_failures',
  'database_unavailable',
  'unexpected_error',
];

describe.each(['sk', 'en'] as const)('the failure reasons in %s', (language) => {
  const t = consoleOpsTexts[language].launches;
  const texts = { names: t.reasons, claimMalformed: t.claimMalformed };

  it('name every recorded reason code in words, and the steps', () => {
    for (const reason of RECORDED_REASONS) expect(reasonName(reason, texts), reason).toBeTruthy();
    expect(Object.keys(t.reasons).sort()).toEqual([...RECORDED_REASONS].sort());
    expect(t.steps.exchange).toBeTruthy();
    expect(t.steps.sign_in).toBeTruthy();
  });

  it('name a JWT claim that failed its shape by the claim, and leave an unknown code to be shown as it is', () => {
    expect(reasonName('jwt_claim_tenant_ids', texts)).toContain('tenant_ids');
    expect(reasonName('something_new', texts)).toBeNull();
    // Not an inherited property of the names' object either.
    expect(reasonName('constructor', texts)).toBeNull();
  });

  it('name every data-API error kind', () => {
    const kinds = consoleOpsTexts[language].dataApi.kinds;
    for (const kind of [
      'invalid-input',
      'not-connected',
      'unauthorized',
      'payment-required',
      'forbidden',
      'not-found',
    ]) {
      expect(kinds[kind], kind).toBeTruthy();
    }
    for (const kind of ['rejected', 'duplicate', 'busy', 'unavailable', 'malformed-response', 'unexpected-status']) {
      expect(kinds[kind], kind).toBeTruthy();
    }
  });
});

describe('calls per hour for the chart', () => {
  const hours = lastHours(NOW, 3);
  const company = (key: string, calls: [string, number][]) => ({
    key,
    hourly: calls.map(([iso, n]) => ({ hour: at(iso), calls: n })),
  });

  it('give the busiest companies a series each and sum the rest into one, over every hour of the window', () => {
    const { series, others } = callsPerHour(
      [
        company('a', [
          ['2026-11-24T11:00:00Z', 5],
          ['2026-11-24T13:00:00Z', 7],
        ]),
        company('b', [['2026-11-24T12:00:00Z', 3]]),
        company('c', [['2026-11-24T12:00:00Z', 1]]),
        company('d', [
          ['2026-11-24T13:00:00Z', 2],
          ['2026-11-20T13:00:00Z', 50],
        ]),
      ],
      hours,
      2,
    );
    expect(series).toEqual([
      { key: 'a', calls: [5, 0, 7] },
      { key: 'b', calls: [0, 3, 0] },
    ]);
    expect(others).toEqual([0, 1, 2]);
  });

  it('have no "others" when every company has its own series', () => {
    expect(callsPerHour([company('a', [])], hours, 6)).toEqual({
      series: [{ key: 'a', calls: [0, 0, 0] }],
      others: null,
    });
  });
});

describe('the charts and their labels', () => {
  it('are labelled SVG pictures, with hostile company names drawn as text only', () => {
    const hostile = '<script>alert(1)</script>';
    const svg = callsPerHourSvg(
      ['11:00', '12:00'],
      [{ name: hostile, calls: [1, 2] }],
      { name: 'Other companies (2)', calls: [0, 1] },
      { title: 'Data API calls', description: 'The numbers are in the table below.' },
      'en',
    );
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title>Data API calls</title>');
    expect(svg).not.toContain('<script>');

    const launches = launchTallySvg(
      ['11:00'],
      [{ exchanged: 2, signedIn: 1, failed: 1 }],
      { exchanged: 'Token exchanges', signedIn: 'Sign-ins', failed: 'Failed' },
      { title: 'Launches per hour', description: 'x' },
      'en',
    );
    expect(launches).toContain('Sign-ins');
    const reasons = failureReasonsSvg(
      [{ label: 'Wrong gateway API key (token exchange)', count: 3 }],
      {
        title: 'Failed launches',
        description: 'x',
      },
      'sk',
    );
    expect(reasons).toContain('Wrong gateway API key');
  });

  it('show hours and days in UTC, in each language', () => {
    const hour = at('2026-11-24T09:00:00Z');
    expect(hourOfDay(hour, 'en')).toBe('09:00');
    expect(dayAndHour(hour, 'sk')).toMatch(/24\. ?11\..*09:00/);
    expect(shortDay('2026-11-03', 'en')).toBe('03/11');
    expect(longDay('2026-11-03', 'sk')).toMatch(/3\. ?11\. ?2026/);
    expect(fillIn('last {days} days', { days: 14 })).toBe('last 14 days');
  });
});
