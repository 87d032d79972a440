/**
 * The well-known values of the built-in service sandbox (`sandbox/`). They are not secrets: outside production
 * the add-on falls back to them so that `npm run dev` works with nothing configured, and the sandbox serves them.
 * Production uses them only when `SANDBOX=1` is set on purpose.
 */
export const SANDBOX_PORT = 4010;
export const SANDBOX_ORIGIN = `http://localhost:${SANDBOX_PORT}`;

export const sandboxDefaults = {
  pluginId: 'sandbox-addon',
  pluginApiKey: 'sandbox-plugin-api-key-for-local-development-only',
  jwksUrl: `${SANDBOX_ORIGIN}/broker/jwks.json`,
  dataApiBaseUrl: SANDBOX_ORIGIN,
  consentUrl: `${SANDBOX_ORIGIN}/integration-consent`,
  addonUrl: 'http://localhost:3000',
} as const;
