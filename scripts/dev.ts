/**
 * `npm run dev`: the add-on (next dev) and, unless real service addresses are configured, the built-in sandbox of
 * the service beside it. Nothing to configure: the add-on falls back to the sandbox and the embedded database.
 * Overrides (PORT, SANDBOX_PORT, PLUGIN_ID, PLUGIN_API_KEYS) are handed to both sides so they keep agreeing.
 */
import concurrently, { type ConcurrentlyCommandInput } from 'concurrently';

import { SANDBOX_PORT, sandboxDefaults, sandboxServiceAddresses } from '@/lib/platform/config/sandbox-defaults';

const env = process.env;
const port = env.PORT ?? '3000';
const appUrl = env.APP_URL ?? `http://localhost:${port}`;
const serviceConfigured = ['BROKER_JWKS_URL', 'DATA_API_BASE_URL'].some((name) => env[name]);
const consoleConfigured = Object.keys(env).some((name) => name.startsWith('OPERATOR_') && env[name]);
const withSandbox = env.SANDBOX === '1' || !serviceConfigured;

const commands: ConcurrentlyCommandInput[] = [];
if (withSandbox) {
  const sandboxOrigin = `http://localhost:${env.SANDBOX_PORT ?? SANDBOX_PORT}`;
  const addresses = sandboxServiceAddresses(sandboxOrigin);
  commands.push(
    {
      name: 'addon',
      command: `next dev -p ${port}`,
      prefixColor: 'blue',
      env: {
        APP_URL: appUrl,
        BROKER_JWKS_URL: addresses.jwksUrl,
        DATA_API_BASE_URL: addresses.dataApiBaseUrl,
        CONSENT_URL: addresses.consentUrl,
        // The operators' console signs in at the sandbox's identity provider, unless configured otherwise.
        ...(consoleConfigured
          ? {}
          : {
              OPERATOR_OIDC_ISSUER: addresses.operatorIssuer,
              OPERATOR_OIDC_CLIENT_ID: sandboxDefaults.operatorClientId,
              OPERATOR_OIDC_CLIENT_SECRET: sandboxDefaults.operatorClientSecret,
              OPERATOR_EMAIL_DOMAIN: sandboxDefaults.operatorEmailDomain,
            }),
      },
    },
    {
      name: 'sandbox',
      command: 'tsx sandbox/server.ts',
      prefixColor: 'magenta',
      // The sandbox plays the gateway: it must present the key the add-on accepts first.
      env: {
        ADDON_URL: appUrl,
        ...(env.PLUGIN_API_KEYS ? { PLUGIN_API_KEY: env.PLUGIN_API_KEYS.split(',')[0]!.trim() } : {}),
      },
    },
  );
  console.log(`\n  Launch the add-on from the sandbox: ${sandboxOrigin}/`);
  if (!consoleConfigured) console.log(`  Operators' console: ${appUrl}/console (sign in as an @example.sk person)\n`);
} else {
  commands.push({ name: 'addon', command: `next dev -p ${port}`, prefixColor: 'blue', env: { APP_URL: appUrl } });
}

const { result } = concurrently(commands, { killOthersOn: ['failure', 'success'], prefix: 'name' });
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
