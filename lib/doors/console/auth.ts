import 'server-only';

import type { AuthOptions, CookiesOptions } from 'next-auth';
import type { OAuthConfig } from 'next-auth/providers/oauth';

import { isOperator, normalizedEmail } from '@/lib/doors/console/allowlist';
import {
  CONSOLE_AUTH_PATH,
  CONSOLE_COOKIE_PREFIX,
  CONSOLE_SESSION_COOKIE,
  CONSOLE_SESSION_SECONDS,
  OPERATOR_PROVIDER_ID,
} from '@/lib/doors/console/session-cookie';
import { getEnv, type OperatorConsoleSettings } from '@/lib/platform/env';
import { getLogger } from '@/lib/platform/log';

/**
 * next-auth's options for the operators' console, or null when the console is not configured.
 *
 * Sessions are JWTs (encrypted, in the console's own cookie), not database rows: every instance can read them with
 * nothing shared but OPERATOR_SESSION_SECRET, and there is no adapter to keep. What a row would add, ending a session
 * early, is covered otherwise: the allowlist is asked again on every page and action (lib/doors/console/operator.ts), so
 * taking an operator off it shuts them out at once, and changing the secret ends every console session.
 */
type OperatorProfile = { sub: string; email?: string; email_verified?: unknown; name?: string };

/** Whether the provider vouches for the profile's address: its `email_verified` claim is the boolean true. */
const emailVerified = (profile: unknown): boolean =>
  typeof profile === 'object' && profile !== null && (profile as OperatorProfile).email_verified === true;

const cookie = (name: string, maxAge?: number) => ({
  name: `${CONSOLE_COOKIE_PREFIX}${name}`,
  options: { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: true, ...(maxAge ? { maxAge } : {}) },
});

const cookies: CookiesOptions = {
  sessionToken: { name: CONSOLE_SESSION_COOKIE, options: cookie('session').options },
  callbackUrl: cookie('callback-url'),
  csrfToken: cookie('csrf'),
  pkceCodeVerifier: cookie('pkce', 15 * 60),
  state: cookie('state', 15 * 60),
  nonce: cookie('nonce'),
};

function operatorProvider(settings: OperatorConsoleSettings): OAuthConfig<OperatorProfile> {
  return {
    id: OPERATOR_PROVIDER_ID,
    name: 'OpenID Connect',
    type: 'oauth',
    wellKnown: `${settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authorization: { params: { scope: 'openid email profile' } },
    idToken: true,
    // Authorization code with PKCE, and state against a forged callback.
    checks: ['pkce', 'state'],
    profile: (profile) => ({ id: profile.sub, email: profile.email ?? null, name: profile.name ?? null }),
  };
}

let built: { settings: OperatorConsoleSettings; options: AuthOptions } | undefined;

export function consoleAuthOptions(): AuthOptions | null {
  const env = getEnv();
  const settings = env.operatorConsole;
  if (!settings) return null;
  if (built?.settings === settings) return built.options;
  // next-auth 4 learns its own address (and so the path it answers under) only from NEXTAUTH_URL. It is derived here
  // from APP_URL, so the console's address has one source and next-auth never trusts a request's Host header.
  process.env.NEXTAUTH_URL = `${env.appUrl}${CONSOLE_AUTH_PATH}`;
  const log = getLogger();
  const options: AuthOptions = {
    secret: settings.sessionSecret,
    providers: [operatorProvider(settings)],
    session: { strategy: 'jwt', maxAge: CONSOLE_SESSION_SECONDS },
    jwt: { maxAge: CONSOLE_SESSION_SECONDS },
    cookies,
    useSecureCookies: true,
    // Our own pages, never next-auth's built-in ones (their inline scripts and styles would need another CSP).
    pages: { signIn: '/console/sign-in', signOut: '/console/sign-in', error: '/console/sign-in' },
    callbacks: {
      // The provider said yes; the allowlist decides. A refusal leaves no session behind (next-auth then sends the
      // browser to the sign-in page with error=AccessDenied). Only an address the provider says it verified is one:
      // `email_verified` exactly true (absent, false or the text "true" is not the provider's word for it).
      signIn({ user, profile }) {
        const allowed = emailVerified(profile) && isOperator(user.email, settings.operators);
        log.info({ event: 'console.sign-in', outcome: allowed ? 'signed-in' : 'refused' }, 'console sign-in');
        return allowed;
      },
      // The cookie holds who signed in and nothing the provider handed us (no access or ID token).
      jwt({ token, user }) {
        if (!user) return token;
        return { sub: token.sub, email: normalizedEmail(user.email), name: user.name ?? null };
      },
      // Only back into the console: never to another site, nor to a company page.
      redirect({ url, baseUrl }) {
        let target: URL;
        try {
          target = new URL(url, baseUrl);
        } catch {
          return `${baseUrl}/console`;
        }
        const inConsole = target.pathname === '/console' || target.pathname.startsWith('/console/');
        return target.origin === baseUrl && inConsole && !target.pathname.startsWith(`${CONSOLE_AUTH_PATH}/`)
          ? target.href
          : `${baseUrl}/console`;
      },
    },
    // next-auth's own lines carry error objects that may quote a provider's answer: only their codes go to our log.
    logger: {
      error: (code) => log.warn({ event: 'console.auth', code }, 'console auth error'),
      warn: (code) => log.warn({ event: 'console.auth', code }, 'console auth warning'),
      debug: () => undefined,
    },
  };
  built = { settings, options };
  return options;
}
