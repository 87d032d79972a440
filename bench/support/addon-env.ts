import { randomBytes } from 'node:crypto';

import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

/**
 * The environment of `next start` in a benchmark: production, the sandbox's plugin id and API key, fresh secrets,
 * and nothing inherited from the shell but PATH and HOME (no stray DATABASE_URL, LOG_LEVEL or SANDBOX).
 */
export function addonEnv(options: {
  appUrl: string;
  jwksUrl: string;
  dataApiBaseUrl: string;
  databaseUrl: string;
  home: string;
}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? options.home,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    APP_URL: options.appUrl,
    PLUGIN_ID: sandboxDefaults.pluginId,
    PLUGIN_API_KEYS: sandboxDefaults.pluginApiKey,
    BROKER_JWKS_URL: options.jwksUrl,
    DATA_API_BASE_URL: options.dataApiBaseUrl,
    SESSION_SECRETS: randomBytes(30).toString('base64url'), // 40 characters
    ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    DATABASE_URL: options.databaseUrl,
    // The add-on writes one info line per request; at load that is a measurable share of the CPU.
    LOG_LEVEL: 'warn',
  };
}
