/**
 * `npm run dev`: the add-on (next dev) and, unless real service addresses are configured, the built-in sandbox of
 * the service beside it. Nothing to configure: the add-on falls back to the sandbox and the embedded database.
 * Overrides (PORT, SANDBOX_PORT, PLUGIN_ID, PLUGIN_API_KEYS) are handed to both sides so they keep agreeing.
 */
import concurrently, { type ConcurrentlyCommandInput } from 'concurrently';
import { SANDBOX_PORT, sandboxServiceAddresses } from '../lib/config/sandbox-defaults';

const env = process.env;
const port = env.PORT ?? '3000';
const appUrl = env.APP_URL ?? `http://localhost:${port}`;
const serviceConfigured = ['BROKER_JWKS_URL', 'DATA_API_BASE_URL'].some((name) => env[name]);
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
  console.log(`\n  Launch the add-on from the sandbox: ${sandboxOrigin}/\n`);
} else {
  commands.push({ name: 'addon', command: `next dev -p ${port}`, prefixColor: 'blue', env: { APP_URL: appUrl } });
}

const { result } = concurrently(commands, { killOthersOn: ['failure', 'success'], prefix: 'name' });
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
