import { describe, expect, it } from 'vitest';

import { isRouteHandlerPath } from '@/lib/base/http/route-handlers';
import { isOperator, normalizedEmail } from '@/lib/doors/console/allowlist';
import { isConsolePath } from '@/lib/doors/console/headers';
import { ConfigError, resolveEnv } from '@/lib/platform/env';

const key = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
const production = {
  NODE_ENV: 'production',
  APP_URL: 'https://addon.example.sk',
  PLUGIN_ID: 'our-plugin',
  PLUGIN_API_KEYS: 'current-api-key-0123456789',
  BROKER_JWKS_URL: 'https://gateway.example.sk/keys',
  DATA_API_BASE_URL: 'https://api.example.sk',
  SESSION_SECRETS: 'a'.repeat(32),
  ENCRYPTION_KEYS: key,
};
const consoleVars = {
  OPERATOR_OIDC_ISSUER: 'https://login.example.sk/realms/staff',
  OPERATOR_OIDC_CLIENT_ID: 'kros-addon-console',
  OPERATOR_OIDC_CLIENT_SECRET: 'client-secret-value',
  OPERATOR_EMAILS: 'Olga.Operatorova@example.sk, marek.spravca@example.sk',
  OPERATOR_SESSION_SECRET: 'o'.repeat(32),
};

describe("the operators' console's configuration", () => {
  it('does not exist without OPERATOR_* variables, and nothing else needs them', () => {
    expect(resolveEnv(production).operatorConsole).toBeUndefined();
  });

  it('reads the provider, its client, the allowlist (lower case) and the secret', () => {
    expect(resolveEnv({ ...production, ...consoleVars, OPERATOR_EMAIL_DOMAIN: 'Example.SK' }).operatorConsole).toEqual({
      issuer: 'https://login.example.sk/realms/staff',
      clientId: 'kros-addon-console',
      clientSecret: 'client-secret-value',
      operators: { emails: ['olga.operatorova@example.sk', 'marek.spravca@example.sk'], domain: 'example.sk' },
      sessionSecret: 'o'.repeat(32),
    });
  });

  it('takes either list alone: addresses or a domain', () => {
    const { OPERATOR_EMAILS: _emails, ...withoutEmails } = consoleVars;
    const byDomain = resolveEnv({ ...production, ...withoutEmails, OPERATOR_EMAIL_DOMAIN: 'example.sk' });
    expect(byDomain.operatorConsole?.operators).toEqual({ emails: [], domain: 'example.sk' });
    expect(resolveEnv({ ...production, ...consoleVars }).operatorConsole?.operators.domain).toBeNull();
  });

  it('refuses a half-configured console, naming what is missing and never a value', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ OPERATOR_EMAILS: 'olga@example.sk' }, /OPERATOR_OIDC_ISSUER is required/],
      [{ ...consoleVars, OPERATOR_OIDC_CLIENT_ID: '' }, /OPERATOR_OIDC_CLIENT_ID is required/],
      [{ ...consoleVars, OPERATOR_OIDC_CLIENT_SECRET: '' }, /OPERATOR_OIDC_CLIENT_SECRET is required/],
      [{ ...consoleVars, OPERATOR_EMAILS: '' }, /OPERATOR_EMAILS or OPERATOR_EMAIL_DOMAIN is required/],
      [{ ...consoleVars, OPERATOR_SESSION_SECRET: '' }, /OPERATOR_SESSION_SECRET is required in production/],
      [{ ...consoleVars, OPERATOR_SESSION_SECRET: 'short' }, /OPERATOR_SESSION_SECRET is malformed/],
      [{ ...consoleVars, OPERATOR_EMAILS: 'olga, not an address' }, /OPERATOR_EMAILS is malformed/],
      [{ ...consoleVars, OPERATOR_EMAIL_DOMAIN: '@example.sk' }, /OPERATOR_EMAIL_DOMAIN is malformed/],
      [{ ...consoleVars, OPERATOR_OIDC_ISSUER: 'login.example.sk' }, /OPERATOR_OIDC_ISSUER is malformed/],
      [{ ...consoleVars, OPERATOR_OIDC_ISSUER: 'http://login.example.sk' }, /OPERATOR_OIDC_ISSUER must use https/],
    ];
    for (const [variables, message] of cases) {
      const attempt = () => resolveEnv({ ...production, ...variables });
      expect(attempt, JSON.stringify(variables)).toThrow(ConfigError);
      expect(attempt, JSON.stringify(variables)).toThrow(message);
      try {
        attempt();
      } catch (error) {
        expect((error as Error).message).not.toContain('client-secret-value');
      }
    }
  });

  it('outside production, a missing session secret comes from the development secret', () => {
    const { OPERATOR_SESSION_SECRET: _secret, ...withoutSecret } = consoleVars;
    const env = resolveEnv({
      NODE_ENV: 'development',
      SESSION_SECRETS: 's'.repeat(32),
      ENCRYPTION_KEYS: key,
      ...withoutSecret,
    });
    expect(env.operatorConsole?.sessionSecret).toMatch(/^operator-console:.{32,}$/);
    expect(env.operatorConsole?.sessionSecret).not.toBe(env.sessionSecrets[0]);
  });

  it('allows a plain-http issuer on loopback in production (a provider beside the add-on)', () => {
    const env = resolveEnv({ ...production, ...consoleVars, OPERATOR_OIDC_ISSUER: 'http://127.0.0.1:8080/oidc' });
    expect(env.operatorConsole?.issuer).toBe('http://127.0.0.1:8080/oidc');
  });
});

describe('who is an operator', () => {
  const allowlist = { emails: ['olga.operatorova@example.sk'], domain: 'staff.example.sk' };

  it('is anyone on the list, in any letter case', () => {
    expect(isOperator('olga.operatorova@example.sk', allowlist)).toBe(true);
    expect(isOperator(' Olga.Operatorova@Example.SK ', allowlist)).toBe(true);
    expect(isOperator('marek.spravca@example.sk', allowlist)).toBe(false);
  });

  it('is anyone of exactly the domain: not its subdomains, not a look-alike, not one hiding it in the local part', () => {
    expect(isOperator('jana@staff.example.sk', allowlist)).toBe(true);
    expect(isOperator('jana@STAFF.example.sk', allowlist)).toBe(true);
    expect(isOperator('jana@evil.staff.example.sk', allowlist)).toBe(false);
    expect(isOperator('jana@staff.example.sk.evil.org', allowlist)).toBe(false);
    expect(isOperator('jana@otherstaff.example.sk', allowlist)).toBe(false);
    expect(isOperator('staff.example.sk@evil.org', allowlist)).toBe(false);
  });

  it('is nobody without a plain address', () => {
    for (const email of [
      undefined,
      null,
      '',
      'olga',
      '@staff.example.sk',
      'a b@staff.example.sk',
      'x@y@staff.example.sk',
      42,
    ]) {
      expect(isOperator(email, allowlist), String(email)).toBe(false);
    }
    expect(isOperator('nikto@example.org', { emails: [], domain: null })).toBe(false);
    expect(normalizedEmail(' A@B.SK ')).toBe('a@b.sk');
  });
});

describe("the console's addresses", () => {
  it('are /console and everything under it, and its sign-in endpoints are a route handler, not /api/auth', () => {
    expect(isConsolePath('/console')).toBe(true);
    expect(isConsolePath('/console/companies')).toBe(true);
    expect(isConsolePath('/consoles')).toBe(false);
    expect(isConsolePath('/companies/1/console')).toBe(false);
    expect(isRouteHandlerPath('/console/auth/callback/operator')).toBe(true);
    expect(isRouteHandlerPath('/console/auth')).toBe(false);
    expect(isRouteHandlerPath('/api/auth/session')).toBe(true); // the broker's catch-all 404, as before
  });
});
