import { describe, expect, it } from 'vitest';

import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';
import { ConfigError, resolveEnv } from '@/lib/platform/env';

const key = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
const production = {
  NODE_ENV: 'production',
  APP_URL: 'https://addon.example.sk',
  PLUGIN_ID: 'our-plugin',
  PLUGIN_API_KEYS: 'current-api-key-0123456789, previous-api-key-0123456789',
  BROKER_JWKS_URL: 'https://gateway.example.sk/keys',
  DATA_API_BASE_URL: 'https://api.example.sk',
  SESSION_SECRETS: 'a'.repeat(32),
  ENCRYPTION_KEYS: key,
};

describe('configuration', () => {
  it('outside production, points every service address at the sandbox with nothing configured', () => {
    const env = resolveEnv({ NODE_ENV: 'development', SESSION_SECRETS: 's'.repeat(32), ENCRYPTION_KEYS: key });
    expect(env).toMatchObject({
      appUrl: 'http://localhost:3000',
      pluginId: sandboxDefaults.pluginId,
      pluginApiKeys: [sandboxDefaults.pluginApiKey],
      brokerJwksUrl: sandboxDefaults.jwksUrl,
      dataApiBaseUrl: sandboxDefaults.dataApiBaseUrl,
      pgliteDir: '.data/pglite',
      frameAncestors: "'self'",
      databaseUrl: undefined,
    });
  });

  it('in production, reads every value and splits the lists', () => {
    const env = resolveEnv(production);
    expect(env.pluginApiKeys).toEqual(['current-api-key-0123456789', 'previous-api-key-0123456789']);
    expect(env.encryptionKeys[0]!.id).toBe('k1');
    expect(env.consent).toBeUndefined();
  });

  it('ends idle sessions after SESSION_IDLE_MINUTES (60 unless set), whole minutes from 5 to 720', () => {
    expect(resolveEnv(production).sessionIdleSeconds).toBe(3600);
    expect(resolveEnv({ ...production, SESSION_IDLE_MINUTES: '15' }).sessionIdleSeconds).toBe(900);
    expect(resolveEnv({ ...production, SESSION_IDLE_MINUTES: '720' }).sessionIdleSeconds).toBe(43_200);
    for (const value of ['4', '721', '0', '1.5', '-30', '0x10', '1e2', 'an hour']) {
      expect(() => resolveEnv({ ...production, SESSION_IDLE_MINUTES: value }), value).toThrow(
        /^Configuration: SESSION_IDLE_MINUTES is malformed/,
      );
    }
  });

  it('keeps the mirror unless MIRROR_SYNC=off, and its copies MIRROR_RETENTION_DAYS (30 unless set, 1 to 3650)', () => {
    expect(resolveEnv(production)).toMatchObject({ mirrorSync: true, mirrorRetentionDays: 30 });
    expect(resolveEnv({ ...production, MIRROR_SYNC: 'off' })).toMatchObject({ mirrorSync: false });
    expect(resolveEnv({ ...production, MIRROR_SYNC: 'on', MIRROR_RETENTION_DAYS: '7' })).toMatchObject({
      mirrorSync: true,
      mirrorRetentionDays: 7,
    });
    expect(() => resolveEnv({ ...production, MIRROR_SYNC: 'yes' })).toThrow(/^Configuration: MIRROR_SYNC is malformed/);
    for (const value of ['0', '3651', '1.5', 'a month']) {
      expect(() => resolveEnv({ ...production, MIRROR_RETENTION_DAYS: value }), value).toThrow(
        /^Configuration: MIRROR_RETENTION_DAYS is malformed/,
      );
    }
  });

  it('gives an upload’s body UPLOAD_BODY_SECONDS to arrive (60 unless set), whole seconds from 5 to 600', () => {
    expect(resolveEnv(production).uploadBodySeconds).toBe(60);
    expect(resolveEnv({ ...production, UPLOAD_BODY_SECONDS: '5' }).uploadBodySeconds).toBe(5);
    expect(resolveEnv({ ...production, UPLOAD_BODY_SECONDS: '600' }).uploadBodySeconds).toBe(600);
    for (const value of ['4', '601', '0', '1.5', '-30', '1e2', 'a minute']) {
      expect(() => resolveEnv({ ...production, UPLOAD_BODY_SECONDS: value }), value).toThrow(
        /^Configuration: UPLOAD_BODY_SECONDS is malformed/,
      );
    }
  });

  it('serves metrics only with METRICS_TOKEN: at least 32 printable characters, no spaces, never in the message', () => {
    expect(resolveEnv(production).metricsToken).toBeUndefined();
    const token = 'a-metrics-token-of-enough-length-0123456789';
    expect(resolveEnv({ ...production, METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const value of ['too-short-0123456789', 'a metrics token with spaces in it, long enough']) {
      let message = '';
      try {
        resolveEnv({ ...production, METRICS_TOKEN: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, value).toMatch(/^Configuration: METRICS_TOKEN is malformed/);
      expect(message).not.toContain(value);
    }
  });

  it('turns Integration Consent on in production only with the consent page and the integrator’s name', () => {
    const consent = { CONSENT_URL: 'https://firma.kros.sk/integration-consent', INTEGRATOR_NAME: 'Doklady s.r.o.' };
    expect(resolveEnv({ ...production, ...consent }).consent).toEqual({
      url: consent.CONSENT_URL,
      origin: 'https://firma.kros.sk',
      responseMode: 'post',
      appName: 'Doklady z Fakturácie',
      integratorName: 'Doklady s.r.o.',
    });
    expect(resolveEnv({ ...production, ...consent, CONSENT_RESPONSE_MODE: 'poll' }).consent?.responseMode).toBe('poll');
    expect(() => resolveEnv({ ...production, CONSENT_URL: consent.CONSENT_URL })).toThrow(
      new ConfigError('Configuration: INTEGRATOR_NAME is required in production when CONSENT_URL is set.'),
    );
    expect(() => resolveEnv({ ...production, ...consent, CONSENT_RESPONSE_MODE: 'push' })).toThrow(
      /CONSENT_RESPONSE_MODE is malformed/,
    );
  });

  it.each([
    'APP_URL',
    'PLUGIN_ID',
    'PLUGIN_API_KEYS',
    'BROKER_JWKS_URL',
    'DATA_API_BASE_URL',
    'SESSION_SECRETS',
    'ENCRYPTION_KEYS',
  ])('in production, stops with one line naming %s when it is missing', (name) => {
    const source: Record<string, string | undefined> = { ...production, [name]: undefined };
    expect(() => resolveEnv(source)).toThrow(new ConfigError(`Configuration: ${name} is required in production.`));
  });

  it('in production, uses the sandbox addresses only when SANDBOX=1 is set on purpose', () => {
    const {
      BROKER_JWKS_URL: _jwks,
      DATA_API_BASE_URL: _api,
      PLUGIN_ID: _id,
      PLUGIN_API_KEYS: _keys,
      ...rest
    } = production;
    expect(() => resolveEnv(rest)).toThrow(ConfigError);
    expect(resolveEnv({ ...rest, SANDBOX: '1' }).brokerJwksUrl).toBe(sandboxDefaults.jwksUrl);
  });

  it('requires https for APP_URL in production, except on loopback', () => {
    expect(() => resolveEnv({ ...production, APP_URL: 'http://addon.example.sk' })).toThrow(/APP_URL/);
    expect(resolveEnv({ ...production, APP_URL: 'http://localhost:3000' }).appUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['SESSION_SECRETS', 'too-short'],
    ['ENCRYPTION_KEYS', 'k1:c2hvcnQ='],
    ['ENCRYPTION_KEYS', 'no-colon'],
    ['BROKER_JWKS_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://x'],
  ])('names %s when it is malformed, without printing its value', (name, value) => {
    let message = '';
    try {
      resolveEnv({ ...production, [name]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(name);
    expect(message).not.toContain(value);
  });
});

describe('preview addresses (PREVIEW_HOSTS)', () => {
  it('default to the data API’s own host, over https only in production', () => {
    expect(resolveEnv(production).previewAddresses).toEqual({ hosts: ['api.example.sk'], httpHost: null });
    expect(resolveEnv({ ...production, DATA_API_BASE_URL: 'http://api.example.sk' }).previewAddresses).toEqual({
      hosts: ['api.example.sk'],
      httpHost: null,
    });
  });

  it('let the sandbox’s data API serve previews over http: outside production, with SANDBOX=1, or on loopback', () => {
    const development = resolveEnv({ NODE_ENV: 'development', SESSION_SECRETS: 's'.repeat(32), ENCRYPTION_KEYS: key });
    expect(development.previewAddresses).toEqual({ hosts: ['localhost:4010'], httpHost: 'localhost:4010' });
    const { DATA_API_BASE_URL: _api, ...rest } = production;
    expect(resolveEnv({ ...rest, SANDBOX: '1' }).previewAddresses.httpHost).toBe('localhost:4010');
    expect(resolveEnv({ ...production, DATA_API_BASE_URL: 'http://127.0.0.1:4999' }).previewAddresses.httpHost).toBe(
      '127.0.0.1:4999',
    );
  });

  it('read a list of host names, normalized as URL.host spells them, which replaces the default', () => {
    const env = resolveEnv({
      ...production,
      PREVIEW_HOSTS: ' Preview.Example.SK , náhľad.example.sk:8443 ,api.example.sk:443',
    });
    expect(env.previewAddresses).toEqual({
      hosts: ['preview.example.sk', 'xn--nhad-5na37c.example.sk:8443', 'api.example.sk'],
      httpHost: null,
    });
    const sandboxLike = resolveEnv({
      ...production,
      DATA_API_BASE_URL: 'http://127.0.0.1:4999',
      PREVIEW_HOSTS: 'preview.example.sk',
    });
    expect(sandboxLike.previewAddresses).toEqual({ hosts: ['preview.example.sk'], httpHost: null });
  });

  it.each([
    'https://preview.example.sk',
    'preview.example.sk/path',
    'user@preview.example.sk',
    'preview example',
    'host:99999',
  ])('refuse %s as PREVIEW_HOSTS, naming the variable', (value) => {
    expect(() => resolveEnv({ ...production, PREVIEW_HOSTS: value })).toThrow(
      /^Configuration: PREVIEW_HOSTS is malformed/,
    );
  });
});
