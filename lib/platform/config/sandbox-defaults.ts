/**
 * The well-known values of the built-in service sandbox (`sandbox/`). They are not secrets: outside production
 * the add-on falls back to them so that `npm run dev` works with nothing configured, and the sandbox serves them.
 * Production uses them only when `SANDBOX=1` is set on purpose.
 */
export const SANDBOX_PORT = 4010;
export const SANDBOX_ORIGIN = `http://localhost:${SANDBOX_PORT}`;

/** Where a sandbox at `origin` serves the service's addresses. */
export function sandboxServiceAddresses(origin: string) {
  return {
    jwksUrl: `${origin}/broker/jwks.json`,
    dataApiBaseUrl: origin,
    consentUrl: `${origin}/integration-consent`,
    // The organisation's identity provider for the operators' console (sandbox/operators/).
    operatorIssuer: `${origin}/oidc`,
  };
}

export const sandboxDefaults = {
  pluginId: 'sandbox-addon',
  pluginApiKey: 'sandbox-plugin-api-key-for-local-development-only',
  addonUrl: 'http://localhost:3000',
  integratorName: 'Sandbox Integrator s.r.o.',
  // The console's client at the sandbox's identity provider. Not a secret: the sandbox's, for development only.
  operatorClientId: 'sandbox-operator-console',
  operatorClientSecret: 'sandbox-operator-console-secret-for-local-development-only',
  // Whom `npm run dev` lets into the console: the sandbox's operators (sandbox/operators/people.ts), not nikto@example.org.
  operatorEmailDomain: 'example.sk',
  ...sandboxServiceAddresses(SANDBOX_ORIGIN),
} as const;
