import 'server-only';

import { z } from 'zod';

import { developmentSecrets } from '@/lib/platform/config/development-secrets';
import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

/**
 * The one place that reads `process.env`. Parsed once, lazily (so `next build` needs no secrets), with zod.
 * In production every service address and secret is required unless `SANDBOX=1` points the addresses at the
 * built-in sandbox on purpose; outside production everything falls back to the sandbox and to development
 * secrets persisted under `.data/`.
 */

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const httpUrl = z.url({ protocol: /^https?$/ });

/** One host name (optionally with a port), as `URL.host` spells it: IDN as punycode, lower case, no default port. */
const hostName = z
  .string()
  .regex(/^[^/@?#\\\s]+$/, 'expected host names only (no scheme, path or user)')
  .transform((entry, ctx) => {
    try {
      return new URL(`https://${entry}/`).host;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'expected host names' });
      return z.NEVER;
    }
  });

const encryptionKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]+={0,2}$/, 'expected keyId:base64-of-32-bytes')
  .transform((entry) => {
    const [id, material] = entry.split(':') as [string, string];
    return { id, key: Buffer.from(material, 'base64') };
  })
  .refine((entry) => entry.key.length === 32, 'each key must be 32 bytes');

/** A count of whole `unit`s, written in plain digits, within [min, max]. */
const wholeNumber = (unit: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, `expected whole ${unit}`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const rawSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SANDBOX: z.enum(['0', '1']).optional(),
  APP_URL: httpUrl.optional(),
  PLUGIN_ID: z.string().trim().min(1).optional(),
  PLUGIN_API_KEYS: z
    .string()
    .transform(list)
    .pipe(z.array(z.string().min(16)).min(1))
    .optional(),
  BROKER_JWKS_URL: httpUrl.optional(),
  DATA_API_BASE_URL: httpUrl.optional(),
  CONSENT_URL: httpUrl.optional(),
  CONSENT_RESPONSE_MODE: z.enum(['post', 'poll']).default('post'),
  CONSENT_APP_NAME: z.string().trim().min(1).max(100).optional(),
  INTEGRATOR_NAME: z.string().trim().min(1).max(200).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PGLITE_DIR: z.string().min(1).default('.data/pglite'),
  SESSION_SECRETS: z
    .string()
    .transform(list)
    .pipe(z.array(z.string().min(32)).min(1))
    .optional(),
  ENCRYPTION_KEYS: z.string().transform(list).pipe(z.array(encryptionKey).min(1)).optional(),
  FRAME_ANCESTORS: z.string().trim().min(1).default("'self'"),
  // Whole minutes, from 5 (the last request is kept to the minute) to 720 (the sessions' absolute 12 hours).
  SESSION_IDLE_MINUTES: wholeNumber('minutes', 5, 720).default(60),
  PREVIEW_HOSTS: z.string().transform(list).pipe(z.array(hostName).min(1)).optional(),
  // The synchronized copy of each company's documents (issue 11). Off until the pages read from it: a copy nobody
  // reads would only spend the companies' data-API budget and hold their data.
  MIRROR_SYNC: z.enum(['on', 'off']).default('on'),
  // Whole days a company's mirror is kept after the last time anyone opened the company.
  MIRROR_RETENTION_DAYS: wholeNumber('days', 1, 3650).default(30),
  // Whole seconds an upload's body (a bank statement, an invoice sheet) may take to arrive before it is refused with
  // the form's own page, nothing stored. Keep it below any time-out of a proxy in front for a request's body (the
  // deployed Caddy sets none; Node's own is 300 s), so the add-on answers first. 60 s lets a 20 MB statement through
  // at about 3 Mbit/s.
  UPLOAD_BODY_SECONDS: wholeNumber('seconds', 5, 600).default(60),
  // The bearer token of GET /api/metrics (absent: the address does not exist). Long enough that guessing is futile.
  METRICS_TOKEN: z
    .string()
    .min(32)
    .max(512)
    .regex(/^[\x21-\x7e]+$/, 'expected printable characters, no spaces')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The operators' console (issue 12): absent, it does not exist. See operatorConsoleSettings below.
  OPERATOR_OIDC_ISSUER: httpUrl.optional(),
  OPERATOR_OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OPERATOR_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OPERATOR_EMAILS: z.string().transform(list).pipe(z.array(z.email()).min(1)).optional(),
  OPERATOR_EMAIL_DOMAIN: z
    .string()
    .trim()
    .regex(/^(?!-)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'expected one domain name, e.g. example.sk')
    .optional(),
  OPERATOR_SESSION_SECRET: z.string().min(32).optional(),
});

export type Env = ReturnType<typeof resolveEnv>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function required<T>(value: T | undefined, name: string, fallback: (() => T) | undefined): T {
  if (value !== undefined) return value;
  if (fallback) return fallback();
  throw new ConfigError(`Configuration: ${name} is required in production.`);
}

/** Pure: resolves a raw environment into the configuration, or throws a ConfigError naming the variable. */
export function resolveEnv(source: Record<string, string | undefined>) {
  const parsed = rawSchema.safeParse(
    // Treat empty strings as unset, as shells and .env files produce them.
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // The message names the variable and the rule, never the value (it may be a secret).
    throw new ConfigError(`Configuration: ${name} is malformed (${issue?.message ?? 'invalid'}).`);
  }
  const raw = parsed.data;
  const production = raw.NODE_ENV === 'production';
  const useSandbox = raw.SANDBOX === '1' || !production;
  const sandbox = <T>(value: T) => (useSandbox ? () => value : undefined);
  const dev = production ? undefined : () => developmentSecrets();

  const appUrl = new URL(required(raw.APP_URL, 'APP_URL', production ? undefined : () => sandboxDefaults.addonUrl));
  if (production && appUrl.protocol !== 'https:' && !isLoopback(appUrl)) {
    throw new ConfigError('Configuration: APP_URL must use https:// in production.');
  }

  // Checked in the order docs/operations.md lists them, so the first missing one is the one named.
  const pluginId = required(raw.PLUGIN_ID, 'PLUGIN_ID', sandbox(sandboxDefaults.pluginId));
  const pluginApiKeys = required(raw.PLUGIN_API_KEYS, 'PLUGIN_API_KEYS', sandbox([sandboxDefaults.pluginApiKey]));
  const brokerJwksUrl = required(raw.BROKER_JWKS_URL, 'BROKER_JWKS_URL', sandbox(sandboxDefaults.jwksUrl));
  const dataApiBaseUrl = required(raw.DATA_API_BASE_URL, 'DATA_API_BASE_URL', sandbox(sandboxDefaults.dataApiBaseUrl));

  return {
    production,
    appUrl: appUrl.origin,
    pluginId,
    pluginApiKeys,
    brokerJwksUrl,
    dataApiBaseUrl,
    previewAddresses: previewAddresses(raw.PREVIEW_HOSTS, new URL(dataApiBaseUrl), production && !useSandbox),
    consent: consentSettings(raw, useSandbox),
    databaseUrl: raw.DATABASE_URL,
    pgliteDir: raw.PGLITE_DIR,
    sessionSecrets: required(raw.SESSION_SECRETS, 'SESSION_SECRETS', dev && (() => dev().sessionSecrets)),
    encryptionKeys: required(raw.ENCRYPTION_KEYS, 'ENCRYPTION_KEYS', dev && (() => dev().encryptionKeys)),
    frameAncestors: raw.FRAME_ANCESTORS,
    sessionIdleSeconds: raw.SESSION_IDLE_MINUTES * 60,
    mirrorSync: raw.MIRROR_SYNC === 'on',
    mirrorRetentionDays: raw.MIRROR_RETENTION_DAYS,
    uploadBodySeconds: raw.UPLOAD_BODY_SECONDS,
    metricsToken: raw.METRICS_TOKEN,
    logLevel: raw.LOG_LEVEL,
    operatorConsole: operatorConsoleSettings(raw, production, dev),
  };
}

export type OperatorConsoleSettings = NonNullable<Env['operatorConsole']>;

const operatorVariables = [
  'OPERATOR_OIDC_ISSUER',
  'OPERATOR_OIDC_CLIENT_ID',
  'OPERATOR_OIDC_CLIENT_SECRET',
  'OPERATOR_EMAILS',
  'OPERATOR_EMAIL_DOMAIN',
  'OPERATOR_SESSION_SECRET',
] as const;

/**
 * The operators' console, on when any OPERATOR_* variable is set; then the identity provider, its client, who may
 * enter and (in production) the console's own session secret are all required: a half-configured console fails at
 * start rather than answering sign-ins it cannot finish. Its secret is its own, not derived from SESSION_SECRETS:
 * rotating the company sessions' secrets must not sign operators out, nor can the two sessions ever verify each
 * other's cookies. Outside production it falls back to one derived from the development secret.
 */
function operatorConsoleSettings(
  raw: z.infer<typeof rawSchema>,
  production: boolean,
  dev: (() => ReturnType<typeof developmentSecrets>) | undefined,
) {
  if (!operatorVariables.some((name) => raw[name] !== undefined)) return undefined;
  const need = <T>(value: T | undefined, name: string): T => {
    if (value !== undefined) return value;
    throw new ConfigError(`Configuration: ${name} is required when the operators' console is configured.`);
  };
  const issuer = need(raw.OPERATOR_OIDC_ISSUER, 'OPERATOR_OIDC_ISSUER');
  if (production && new URL(issuer).protocol !== 'https:' && !isLoopback(new URL(issuer))) {
    throw new ConfigError('Configuration: OPERATOR_OIDC_ISSUER must use https:// in production.');
  }
  const clientId = need(raw.OPERATOR_OIDC_CLIENT_ID, 'OPERATOR_OIDC_CLIENT_ID');
  const clientSecret = need(raw.OPERATOR_OIDC_CLIENT_SECRET, 'OPERATOR_OIDC_CLIENT_SECRET');
  if (raw.OPERATOR_EMAILS === undefined && raw.OPERATOR_EMAIL_DOMAIN === undefined) {
    throw new ConfigError(
      "Configuration: OPERATOR_EMAILS or OPERATOR_EMAIL_DOMAIN is required when the operators' console is configured.",
    );
  }
  const sessionSecret = required(
    raw.OPERATOR_SESSION_SECRET,
    'OPERATOR_SESSION_SECRET',
    dev && (() => `operator-console:${dev().sessionSecrets[0]}`),
  );
  return {
    // As written: the provider's discovery document is read under it, and names the `iss` its ID tokens carry.
    issuer,
    clientId,
    clientSecret,
    operators: {
      emails: (raw.OPERATOR_EMAILS ?? []).map((email) => email.toLowerCase()),
      domain: raw.OPERATOR_EMAIL_DOMAIN?.toLowerCase() ?? null,
    },
    sessionSecret,
  };
}

function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

/**
 * Where the service's report previews may send a user: https addresses on these hosts (`PREVIEW_HOSTS`, by default
 * the data API's own host). Plain http only on the data API's own host, when it is itself addressed over http (the
 * sandbox), and in production only on loopback: a real deployment reaches the service over https.
 */
function previewAddresses(configured: string[] | undefined, dataApi: URL, strictlyProduction: boolean) {
  const hosts = configured ?? [dataApi.host];
  const httpAllowed =
    dataApi.protocol === 'http:' && hosts.includes(dataApi.host) && (!strictlyProduction || isLoopback(dataApi));
  return { hosts, httpHost: httpAllowed ? dataApi.host : null };
}

/**
 * Integration Consent, on when the consent page's address is known. How the answer comes back is the deployment's
 * choice: `post` (the browser posts the tokens to us) or `poll` (for deployments the service's POST cannot reach).
 * The consent page shows the application's and the integrator's names; in production the latter must be set.
 */
function consentSettings(raw: z.infer<typeof rawSchema>, useSandbox: boolean) {
  const url = raw.CONSENT_URL ?? (useSandbox ? sandboxDefaults.consentUrl : undefined);
  if (!url) return undefined;
  const integratorName = raw.INTEGRATOR_NAME ?? (useSandbox ? sandboxDefaults.integratorName : undefined);
  if (!integratorName)
    throw new ConfigError('Configuration: INTEGRATOR_NAME is required in production when CONSENT_URL is set.');
  return {
    url,
    // Where the start of a consent leads: the pages' CSP allows their forms to go there (proxy.ts).
    origin: new URL(url).origin,
    responseMode: raw.CONSENT_RESPONSE_MODE,
    appName: raw.CONSENT_APP_NAME ?? 'Doklady z Fakturácie',
    integratorName,
  };
}

let cached: Env | undefined;

/** The validated configuration of this process. A failure is not cached, so a fixed environment can retry. */
export function getEnv(): Env {
  cached ??= resolveEnv(process.env);
  return cached;
}

/** Whether this deployment has the operators' console (else its addresses answer 404 and nothing else changes). */
export function consoleEnabled(): boolean {
  return getEnv().operatorConsole !== undefined;
}

/** For tests that change `process.env`. */
export function resetEnvForTests() {
  cached = undefined;
}
