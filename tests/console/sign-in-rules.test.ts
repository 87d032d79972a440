import type { Account, Profile, User } from 'next-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isOperator, normalizedEmail } from '@/lib/doors/console/allowlist';
import { consoleAuthOptions } from '@/lib/doors/console/auth';
import { resetEnvForTests } from '@/lib/platform/env';

/**
 * Whom the console's sign-in lets in once the provider said yes (next-auth's signIn callback, as next-auth calls it
 * with the provider's profile): only an address the provider says it verified (`email_verified` the boolean true),
 * and only an address that is an allowlisted one as written, compared in one normalized form (NFKC, lower case, the
 * domain in ASCII), never one that merely becomes an allowlisted one by normalization (a Kelvin sign for "k").
 */
const CONSOLE_VARIABLES = {
  OPERATOR_OIDC_ISSUER: 'https://login.example.sk/realms/staff',
  OPERATOR_OIDC_CLIENT_ID: 'kros-addon-console',
  OPERATOR_OIDC_CLIENT_SECRET: 'client-secret-value',
  OPERATOR_EMAILS: 'karol.kovac@example.sk',
  OPERATOR_EMAIL_DOMAIN: 'xn--exmple-cua.sk',
};
const nextAuthUrl = process.env.NEXTAUTH_URL;

beforeAll(() => {
  Object.assign(process.env, CONSOLE_VARIABLES);
  resetEnvForTests();
});
afterAll(() => {
  for (const name of Object.keys(CONSOLE_VARIABLES)) delete process.env[name];
  if (nextAuthUrl === undefined) delete process.env.NEXTAUTH_URL;
  else process.env.NEXTAUTH_URL = nextAuthUrl;
  resetEnvForTests();
});

/** next-auth's signIn callback for an identity the provider vouched for with this profile. */
async function signsIn(email: string, claims: Record<string, unknown>): Promise<unknown> {
  const signIn = consoleAuthOptions()!.callbacks!.signIn!;
  const user: User = { id: 'someone', email, name: 'Someone' };
  const account = { provider: 'operator', type: 'oauth', providerAccountId: 'someone' } as Account;
  const profile = { sub: 'someone', email, ...claims } as Profile;
  return signIn({ user, account, profile });
}

describe('the console’s sign-in', () => {
  it('lets in an allowlisted address the provider verified (email_verified: true)', async () => {
    expect(await signsIn('karol.kovac@example.sk', { email_verified: true })).toBe(true);
    expect(await signsIn('Karol.Kovac@Example.SK', { email_verified: true })).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['absent', {}],
    ['false', { email_verified: false }],
    ['the text "false"', { email_verified: 'false' }],
    ['the text "true"', { email_verified: 'true' }],
    ['1', { email_verified: 1 }],
    ['null', { email_verified: null }],
  ])('refuses an allowlisted address whose email_verified is %s', async (_label, claims) => {
    expect(await signsIn('karol.kovac@example.sk', claims)).toBe(false);
  });

  it('refuses a verified address that only normalization makes an allowlisted one (Kelvin sign for k)', async () => {
    expect(await signsIn('\u212Aarol.kovac@example.sk', { email_verified: true })).toBe(false);
    expect(await signsIn('ｋarol.kovac@example.sk', { email_verified: true })).toBe(false);
  });

  it('matches the domain in ASCII: an internationalized domain as its punycode and as written', async () => {
    expect(await signsIn('jana@xn--exmple-cua.sk', { email_verified: true })).toBe(true);
    expect(await signsIn('jana@exämple.sk', { email_verified: true })).toBe(true);
    expect(await signsIn('jana@example.sk', { email_verified: true })).toBe(false);
  });
});

describe('the allowlist’s one form of an address', () => {
  it('is NFKC, lower case, with the domain in ASCII', () => {
    expect(normalizedEmail(' Jana@EXÄMPLE.sk ')).toBe('jana@xn--exmple-cua.sk');
    expect(normalizedEmail('\u212Aarol@example.sk')).toBe('karol@example.sk');
    expect(normalizedEmail('jana@exa mple.sk')).toBeNull();
    expect(normalizedEmail('jana@[bad')).toBeNull();
  });

  it('holds for the list’s side too: an allowlisted address or domain written in any of its forms', () => {
    const list = { emails: ['\u212Aarol@EXÄMPLE.sk'], domain: 'STAFF.exämple.sk' };
    expect(isOperator('karol@xn--exmple-cua.sk', list)).toBe(true);
    expect(isOperator('olga@staff.xn--exmple-cua.sk', list)).toBe(true);
    expect(isOperator('olga@staff.exämple.sk', list)).toBe(true);
    expect(isOperator('\u212Aarol@xn--exmple-cua.sk', list)).toBe(false);
  });
});
