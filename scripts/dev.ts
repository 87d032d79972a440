/**
 * `npm run dev`: the add-on (next dev) and, unless real service addresses are configured, the built-in sandbox of
 * the service beside it. Nothing to configure: the add-on falls back to the sandbox and the embedded database.
 */
import concurrently from 'concurrently';
import { SANDBOX_ORIGIN } from '../lib/config/sandbox-defaults';

const port = process.env.PORT ?? '3000';
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
const serviceConfigured = ['BROKER_JWKS_URL', 'DATA_API_BASE_URL'].some((name) => process.env[name]);
const withSandbox = process.env.SANDBOX === '1' || !serviceConfigured;

const commands = [{ name: 'addon', command: `next dev -p ${port}`, prefixColor: 'blue', env: { APP_URL: appUrl } }];
if (withSandbox) {
  commands.push({ name: 'sandbox', command: 'tsx sandbox/server.ts', prefixColor: 'magenta', env: { APP_URL: appUrl, ADDON_URL: appUrl } } as never);
  console.log(`\n  Launch the add-on from the sandbox: ${SANDBOX_ORIGIN}/\n`);
}

const { result } = concurrently(commands, { killOthersOn: ['failure', 'success'], prefix: 'name' });
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
