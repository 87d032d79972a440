/**
 * Entry point of `npm run sandbox`: the service's side (launch page, key set, data API) for development and demos.
 * Environment: SANDBOX_PORT, ADDON_URL, PLUGIN_ID, PLUGIN_API_KEY; the defaults match what the add-on expects.
 * SANDBOX_VOLUMES (`10001:20000/10000/2000`, `10002:///20000/5000` for payments and catalog items) makes companies
 * large, SANDBOX_DRIFT (`30` or `30:3/1/1`) makes them change on a timer: see volume-settings.ts. SANDBOX_AWAIT_ADDON=1
 * (set by `npm run dev`) holds Launch back until the add-on is ready: see addon-readiness.ts.
 */
// Relative import: the sandbox stands apart from the add-on and reads only its published development values.
import { SANDBOX_PORT, sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

import { createSandbox } from './app';
import { parseDrift, parseVolumes } from './data-api/volume-settings';

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return SANDBOX_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`SANDBOX_PORT is not a port: ${value}`);
  return port;
}

async function main(): Promise<void> {
  const port = portFromEnv(process.env.SANDBOX_PORT);
  const addonUrl = process.env.ADDON_URL || sandboxDefaults.addonUrl;
  const awaitAddon = process.env.SANDBOX_AWAIT_ADDON === '1';
  const sandbox = await createSandbox({
    port,
    addonUrl,
    pluginId: process.env.PLUGIN_ID || sandboxDefaults.pluginId,
    apiKey: process.env.PLUGIN_API_KEY || sandboxDefaults.pluginApiKey,
    // The add-on reaches the sandbox by this name (lib/platform/config/sandbox-defaults.ts), so webhook bodies use it too.
    publicOrigin: `http://localhost:${port}`,
    volumes: parseVolumes(process.env.SANDBOX_VOLUMES),
    drift: parseDrift(process.env.SANDBOX_DRIFT),
    awaitAddon,
  });
  const when = awaitAddon ? ' once it is ready' : '';
  console.log(
    `Sandbox of the service: open http://localhost:${port}/ to launch the add-on${when} (add-on at ${addonUrl})`,
  );

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(`Sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
