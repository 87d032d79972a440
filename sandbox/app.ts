import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// Relative import: the sandbox stands apart from the add-on and reads only its published development values.
import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

import { type AccessTokenStore, createAccessTokenStore } from './access-tokens';
import { createAddonReadiness } from './addon-readiness';
import { brokerRoutes } from './broker-routes';
import { renderConsentLauncher } from './consent/launcher';
import { pollRoutes } from './consent/poll-route';
import { type ConsentControl, consentRoutes, createConsentControl } from './consent/routes';
import { createConsentStore } from './consent/store';
import { dayOf, parseTimestamp } from './data/calendar';
import type { CompanyVolume } from './data/company-data';
import { createDataApi, type DataApiControl } from './data-api';
import { dataApiPageRoutes } from './data-api/admin-routes';
import { createRateLimiter } from './data-api/rate-limit';
import { renderStatementPanel, statementRoutes } from './data-api/statement-routes';
import type { UploadAcceptedEvent } from './data-api/types';
import { volumeRoutes } from './data-api/volume-routes';
import type { DriftSettings } from './data-api/volume-settings';
import { renderFaultPanel } from './fault-panel';
import { BodyTooLargeError, sendJson } from './http/io';
import { matchRoute } from './http/router';
import { createKeyRing, type KeyRing } from './key-ring';
import { manualTokenRoutes, renderManualTokenForm } from './manual-token';
import { createOperatorIdentityProvider, type OperatorIdentityProvider } from './operators/identity-provider';
import { renderVolumePanel } from './volume-panel';
import { renderWebhookPanel, webhookRoutes } from './webhooks/panel';
import { createWebhookSender, type WebhookControl, type WebhookSender } from './webhooks/sender';
import { uploadCallback } from './webhooks/upload-callback';

export interface SandboxOptions {
  /** 0 picks an ephemeral port (tests). */
  port?: number;
  addonUrl: string;
  pluginId: string;
  apiKey: string;
  /** Timeout of each call to the add-on; the gateway default is a few seconds. */
  gatewayTimeoutMs?: number;
  /**
   * Launch is held back until POST /admin/addon-ready (SANDBOX_AWAIT_ADDON=1: `npm run dev`, while `next dev` compiles
   * the routes a launch walks); by default the add-on counts as ready at once.
   */
  awaitAddon?: boolean;
  /**
   * The day generated business data is anchored to (`yyyy-MM-dd`): issue and due dates, overdue invoices and the
   * DueDateStatus filter count from it. Defaults to the day the sandbox starts; tests fix it to stay reproducible.
   */
  today?: string;
  /**
   * The sandbox's clock (epoch ms): the data API's rate limits, request log, duplicate windows and preview expiry,
   * the consent poll's 15-minute window and the webhook delivery log.
   */
  now?: () => number;
  /**
   * The address the add-on knows the sandbox by (`http://localhost:4010` in development), used where the service
   * names its own address in a body: the apiUrl of upload results. Default: the sandbox's url.
   */
  publicOrigin?: string;
  /** Delays before the webhook's two retries (default 1 s and 2 s); tests pass zeros. */
  webhookRetryDelaysMs?: readonly number[];
  /** Timeout of each webhook attempt (default 10 s, as the service's). */
  webhookTimeoutMs?: number;
  /**
   * How long after an accepted upload (POST /api/invoices, /api/invoices/batch, /api/delivery-notes/batch) the
   * upload-finished callback goes to the connection's webhook, if it has one (default 1 s).
   */
  uploadCallbackDelayMs?: number;
  /**
   * How many invoices, expenses, delivery notes, payments and catalog items companies hold, by tenant id or `*` for
   * every other company (SANDBOX_VOLUMES); left out, the usual few hundred. Generated lazily, on a company's first use.
   */
  volumes?: Readonly<Record<string, CompanyVolume>>;
  /** Changes every company in use on a timer (SANDBOX_DRIFT); off by default. */
  drift?: DriftSettings | null;
  /** The operators' console's client at the identity provider; default the published sandbox values. */
  operatorClientId?: string;
  operatorClientSecret?: string;
}

export interface Sandbox {
  /** Base address, e.g. http://127.0.0.1:4010 */
  url: string;
  ring: KeyRing;
  tokens: AccessTokenStore;
  /** Fault injection and the request log of the data API. */
  dataApi: DataApiControl;
  /** Poll-mode consents without a browser. */
  consent: ConsentControl;
  /** Notifications to connections that have a webhook, and their delivery log. */
  webhooks: WebhookControl;
  /** The organisation's OpenID Connect provider for the add-on's operators' console (`<url>/oidc`). */
  operatorIssuer: string;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets (browsers, fetch) would otherwise hold close() open for seconds.
    server.closeAllConnections();
  });
}

export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const ring = await createKeyRing();
  const tokens = createAccessTokenStore();
  const todayMs = options.today === undefined ? undefined : parseTimestamp(options.today);
  if (options.today !== undefined && (todayMs === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(options.today))) {
    throw new Error(`today must be a date yyyy-MM-dd: ${options.today}`);
  }
  const now = options.now ?? Date.now;
  const consentStore = createConsentStore(now);
  const consentDeps = { tokens, store: consentStore, now };
  const consent = createConsentControl(consentDeps);
  let origin = options.publicOrigin ?? 'http://127.0.0.1';
  // The sender needs the data API's companies and the data API tells of uploads: bound once both exist.
  let onUpload: ((event: UploadAcceptedEvent) => void) | undefined;
  const dataApi = createDataApi(tokens, {
    now,
    today: todayMs === undefined ? undefined : dayOf(todayMs),
    // The poll's own limiter: the same windows, counted per state.
    publicRoutes: pollRoutes(consentStore, createRateLimiter({ now })),
    uploadAccepted: (event) => onUpload?.(event),
    volumes: options.volumes,
    drift: options.drift,
  });
  const webhooks: WebhookSender = createWebhookSender({
    tokens,
    companies: dataApi.services.companies,
    now,
    origin: () => origin,
    timeoutMs: options.webhookTimeoutMs,
    retryDelaysMs: options.webhookRetryDelaysMs,
  });
  onUpload = uploadCallback(webhooks, () => origin, options.uploadCallbackDelayMs);
  const pages = [
    ...brokerRoutes({
      ...options,
      ring,
      tokens,
      readiness: createAddonReadiness(options.awaitAddon ?? false),
      homeSections: () =>
        renderFaultPanel(dataApi.control.faults(), dataApi.control.requests().length) +
        renderVolumePanel(dataApi.control.volumes(), dataApi.control.drift()) +
        renderStatementPanel() +
        renderManualTokenForm() +
        renderConsentLauncher(origin) +
        renderWebhookPanel(webhooks),
    }),
    ...dataApiPageRoutes(dataApi),
    ...volumeRoutes(dataApi.control),
    ...statementRoutes(dataApi),
    ...manualTokenRoutes(tokens),
    ...consentRoutes(consentDeps, consent),
    ...webhookRoutes(webhooks),
  ];
  // Made once the sandbox's own address (its issuer) is known, right after it starts listening.
  let identityProvider: OperatorIdentityProvider | undefined;

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (url.pathname.startsWith('/api/')) return dataApi.handle(req, res, url);
    if (identityProvider && (await identityProvider.handle(req, res, url.pathname))) return;
    const match = matchRoute(pages, req.method ?? 'GET', url.pathname);
    if (match.kind === 'not-found') return sendJson(res, 404, { message: 'Not Found' });
    if (match.kind === 'method-not-allowed') {
      return sendJson(res, 405, { message: 'Method Not Allowed' }, { Allow: match.allow.join(', ') });
    }
    await match.handler(req, res, match.params);
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    dispatch(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BodyTooLargeError) {
        return sendJson(res, 413, { message: 'Payload Too Large' }, { Connection: 'close' });
      }
      // Deliberately no details: an error here may have passed through a request carrying secrets.
      process.stderr.write(
        `sandbox: internal error on ${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}\n`,
      );
      sendJson(res, 500, { message: 'Internal Server Error' });
    });
  };

  // Loopback only: the sandbox hands out working tokens to anyone who asks and must not be reachable from outside.
  // Idle connections are kept longer than any client keeps them (undici: 4 s; Node's server default is 5 s): a client
  // whose process was busy past the server's timeout would otherwise write its next request into a socket the server
  // is closing, and see a reset the real service would not cause (an upload's fate would then look unknown).
  const serve = () => createServer({ keepAliveTimeout: 65_000 }, handler);
  const servers = [serve()];
  const first = servers[0] as Server;
  const port = await listen(first, options.port ?? 0, '127.0.0.1');
  if (options.port) {
    // "localhost" may resolve to ::1 first (browsers, Node's fetch); serve that too when it exists, on the same port.
    const v6 = serve();
    await listen(v6, port, '::1').then(
      () => servers.push(v6),
      () => undefined,
    );
  }

  const url = `http://127.0.0.1:${port}`;
  origin = options.publicOrigin ?? url;
  identityProvider = await createOperatorIdentityProvider({
    origin,
    clientId: options.operatorClientId ?? sandboxDefaults.operatorClientId,
    clientSecret: options.operatorClientSecret ?? sandboxDefaults.operatorClientSecret,
    redirectUri: `${options.addonUrl.replace(/\/$/, '')}/console/auth/callback/operator`,
  });

  return {
    url,
    ring,
    tokens,
    dataApi: dataApi.control,
    consent,
    webhooks,
    operatorIssuer: identityProvider.issuer,
    close: async () => {
      webhooks.stop();
      dataApi.control.setDrift(null);
      await Promise.all(servers.map(close));
    },
  };
}
