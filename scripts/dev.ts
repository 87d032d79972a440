/**
 * `npm run dev`: the add-on (next dev) and, unless real service addresses are configured, the built-in sandbox of
 * the service beside it. Nothing to configure: the add-on falls back to the sandbox and the embedded database.
 * Overrides (PORT, SANDBOX_PORT, PLUGIN_ID, PLUGIN_API_KEYS) are handed to both sides so they keep agreeing.
 * Launch is offered only once `next dev` has compiled every route a launch walks (scripts/dev-warm-up.ts): the sandbox
 * holds its Launch button back until then, and the launch address is printed then.
 */
import concurrently, { type ConcurrentlyCommandInput } from 'concurrently';

import { SANDBOX_PORT, sandboxDefaults, sandboxServiceAddresses } from '@/lib/platform/config/sandbox-defaults';

import { offerLaunch, warmLaunchRoutes } from './dev-warm-up';

const env = process.env;
const port = env.PORT ?? '3000';
const appUrl = env.APP_URL ?? `http://localhost:${port}`;
const serviceConfigured = ['BROKER_JWKS_URL', 'DATA_API_BASE_URL'].some((name) => env[name]);
const consoleConfigured = Object.keys(env).some((name) => name.startsWith('OPERATOR_') && env[name]);
const withSandbox = env.SANDBOX === '1' || !serviceConfigured;
// The key the gateway presents, which the add-on accepts first (the add-on falls back to the sandbox's without one).
const gatewayApiKey = env.PLUGIN_API_KEYS?.split(',')[0]?.trim() || sandboxDefaults.pluginApiKey;
const sandboxOrigin = `http://localhost:${env.SANDBOX_PORT ?? SANDBOX_PORT}`;

const commands: ConcurrentlyCommandInput[] = [];
if (withSandbox) {
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
      // The sandbox plays the gateway: it must present the key the add-on accepts first. It offers Launch only once
      // the add-on is ready (below).
      env: { ADDON_URL: appUrl, PLUGIN_API_KEY: gatewayApiKey, SANDBOX_AWAIT_ADDON: '1' },
    },
  );
} else {
  commands.push({ name: 'addon', command: `next dev -p ${port}`, prefixColor: 'blue', env: { APP_URL: appUrl } });
}

const { result } = concurrently(commands, { killOthersOn: ['failure', 'success'], prefix: 'name' });
result.then(
  () => process.exit(0),
  () => process.exit(1),
);

console.log(
  '\n  Readying the add-on: next dev compiles the routes a launch walks (a minute or more on a fresh clone)…\n',
);
// The add-on's own port on this machine: APP_URL may name a tunnel or a proxy in front of it.
await warmLaunchRoutes(`http://localhost:${port}`, gatewayApiKey);
if (withSandbox) {
  await offerLaunch(sandboxOrigin);
  console.log(`\n  Ready. Launch the add-on from the sandbox: ${sandboxOrigin}/`);
  if (!consoleConfigured) console.log(`  Operators' console: ${appUrl}/console (sign in as an @example.sk person)\n`);
} else {
  console.log(`\n  Ready: the add-on at ${appUrl}\n`);
}
