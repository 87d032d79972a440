import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';

import type { AccessTokenStore, IssuedToken } from '../access-tokens';
import type { CompanyStore } from '../data/company-store';
import { findCompany, findUser } from '../directory';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '../webhook-signer';
import { sampleEvent, type WebhookKind } from './events';

/**
 * The service's side of webhooks: POST the JSON body (UTF-8) to the connection's URL, signed with its secret
 * (webhook-signer.ts), and retry as the interface's table says: 200 is done, 400 is not retried, 500 is retried twice.
 * The table names only those three answers; the sandbox reads them as classes: any 2xx is done, any other 4xx (and a
 * 3xx, which is not followed) is not retried, any 5xx and an attempt with no answer (refused, reset, 10 s timeout)
 * are retried.
 */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
/** One delay per retry: the service makes two. Tests pass zeros. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000];
/** The home page shows the recent ones; older entries are dropped. */
const MAX_LOG_ENTRIES = 100;

/** An attempt's outcome: the HTTP status, or 0 when no answer came (network error or timeout). */
export type AttemptStatus = number;

export type Tamper = 'body' | 'wrong-secret';

export interface WebhookSendInput {
  /** Which connection: by its token, its connection id, or the newest connection with a webhook of the company (and user). */
  token?: string;
  connectionId?: string;
  tenantId?: string;
  userId?: string;
  kind: WebhookKind;
  /** Default: a new UUID (ignored when `body` is given). */
  requestId?: string;
  /** Send exactly this text instead of a sample of `kind` (signed as usual). */
  body?: string;
  /** `wrong-secret`: signed with another key; `body`: the body is changed after signing. */
  tamper?: Tamper;
}

export interface WebhookDelivery {
  /** The body's requestId, when it has one. */
  requestId: string | null;
  /** Status of each attempt in order; 0 means no answer. */
  attempts: AttemptStatus[];
}

export interface DeliveryLogEntry {
  /** When the first attempt started, on the sandbox's clock (epoch ms). */
  at: number;
  connectionId: string;
  tenantId: string;
  companyName: string;
  kind: WebhookKind | 'upload-finished';
  requestId: string | null;
  attempts: AttemptStatus[];
  /** False while attempts are still being made. */
  finished: boolean;
  /** A repeat of an earlier request, byte for byte (resendLast). */
  resend: boolean;
  tamper: Tamper | null;
}

/** A connection that has a webhook, as pages may show it: never its token or secret. */
export interface WebhookConnection {
  connectionId: string;
  tenantId: string;
  companyName: string;
  userId: string;
  userName: string;
  url: string;
}

export interface WebhookControl {
  send(input: WebhookSendInput): Promise<WebhookDelivery>;
  /** Sends the last request again: same URL, same body, same signature (an add-on must take it only once). */
  resendLast(): Promise<WebhookDelivery>;
  /** The connections a notification can go to (with a webhook, not revoked), oldest first. */
  connections(): WebhookConnection[];
  /** The delivery log, oldest first (copies). */
  deliveries(): DeliveryLogEntry[];
  clearDeliveries(): void;
  /** Resolves when every delivery started so far (home page, automatic upload callbacks) has finished. */
  idle(): Promise<void>;
}

/** What the sender itself needs beyond the control: sending prepared bodies in the background. */
export interface WebhookSender extends WebhookControl {
  /** Sends `body` to the connection's webhook without waiting (the automatic upload-finished callback). */
  sendInBackground(connection: IssuedToken, kind: DeliveryLogEntry['kind'], body: string, afterMs: number): void;
  /** Whether resendLast has something to send. */
  hasLast(): boolean;
  /** Starts a `send` and does not wait for it (the home page's form); throws at once when the connection is wrong. */
  startSend(input: WebhookSendInput): void;
  /** Ends every delivery under way and starts no more retries (the sandbox is closing). */
  stop(): void;
}

export interface WebhookSenderOptions {
  tokens: AccessTokenStore;
  companies: CompanyStore;
  now: () => number;
  /** The sandbox's address, for the apiUrl of upload results. */
  origin: () => string;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
}

interface Prepared {
  connection: IssuedToken;
  url: string;
  kind: DeliveryLogEntry['kind'];
  body: string;
  signature: string;
  requestId: string | null;
  tamper: Tamper | null;
}

function requestIdOf(body: string): string | null {
  try {
    const value = (JSON.parse(body) as { requestId?: unknown }).requestId;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** A change an HMAC must notice: one more property in a JSON object, or a trailing space otherwise. */
function tampered(body: string): string {
  const end = body.lastIndexOf('}');
  if (end <= 0) return `${body} `;
  const separator = /\{\s*$/.test(body.slice(0, end)) ? '' : ',';
  return `${body.slice(0, end)}${separator}"amount":1000000${body.slice(end)}`;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS;
  let log: DeliveryLogEntry[] = [];
  let last: Prepared | undefined;
  const running = new Set<Promise<unknown>>();
  const stopping = new AbortController();

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => undefined);
    return promise;
  }

  async function attempt(p: Prepared): Promise<AttemptStatus> {
    // One controller for both ends of an attempt, the timeout and the sandbox closing. (AbortSignal.any over a
    // timeout signal is not used: on Node 20 its timeout can be collected before it fires, and the attempt hangs.)
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    const onStop = () => abort.abort();
    stopping.signal.addEventListener('abort', onStop, { once: true });
    try {
      const res = await fetch(p.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', [WEBHOOK_SIGNATURE_HEADER]: p.signature },
        body: Buffer.from(p.body, 'utf8'),
        redirect: 'manual',
        signal: abort.signal,
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    } catch {
      return 0;
    } finally {
      clearTimeout(timer);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  async function deliver(p: Prepared, resend: boolean): Promise<WebhookDelivery> {
    last = p;
    const entry: DeliveryLogEntry = {
      at: options.now(),
      connectionId: p.connection.connectionId,
      tenantId: p.connection.tenantId,
      companyName: findCompany(p.connection.tenantId)?.name ?? p.connection.tenantId,
      kind: p.kind,
      requestId: p.requestId,
      attempts: [],
      finished: false,
      resend,
      tamper: p.tamper,
    };
    log.push(entry);
    if (log.length > MAX_LOG_ENTRIES) log = log.slice(-MAX_LOG_ENTRIES);
    for (let i = 0; !stopping.signal.aborted; i += 1) {
      const status = await attempt(p);
      entry.attempts.push(status);
      const retryable = status === 0 || status >= 500;
      const wait = retryDelays[i];
      if (!retryable || wait === undefined) break;
      if (wait > 0) await delay(wait, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
    entry.finished = true;
    return { requestId: p.requestId, attempts: [...entry.attempts] };
  }

  function pickConnection(input: WebhookSendInput): IssuedToken {
    let connection: IssuedToken | undefined;
    if (input.token !== undefined) connection = options.tokens.lookup(input.token);
    else if (input.connectionId !== undefined)
      connection = options.tokens.connections().find((c) => c.connectionId === input.connectionId);
    else if (input.tenantId !== undefined) {
      connection = options.tokens
        .connections()
        .filter(
          (c) =>
            c.tenantId === input.tenantId &&
            (input.userId === undefined || c.userId === input.userId) &&
            c.webhook &&
            !c.revoked,
        )
        .pop();
    } else throw new Error('webhooks.send: name the connection by token, connectionId or tenantId');
    if (!connection) throw new Error('webhooks.send: no such connection with a webhook');
    if (!connection.webhook) throw new Error('webhooks.send: the connection has no webhook');
    // A deleted connection has no webhook any more: the service would not send.
    if (connection.revoked) throw new Error('webhooks.send: the connection was revoked');
    return connection;
  }

  function prepare(input: WebhookSendInput): Prepared {
    const connection = pickConnection(input);
    const webhook = connection.webhook as NonNullable<IssuedToken['webhook']>;
    const body =
      input.body ??
      JSON.stringify(
        sampleEvent(input.kind, options.companies.get(connection.tenantId), {
          requestId: input.requestId,
          origin: options.origin(),
          nowMs: options.now(),
        }),
      );
    const signature = signWebhookBody(
      input.tamper === 'wrong-secret' ? randomBytes(32).toString('base64') : webhook.secret,
      body,
    );
    return {
      connection,
      url: webhook.url,
      kind: input.kind,
      body: input.tamper === 'body' ? tampered(body) : body,
      signature,
      requestId: input.body !== undefined ? (input.requestId ?? requestIdOf(body)) : requestIdOf(body),
      tamper: input.tamper ?? null,
    };
  }

  const sender: WebhookSender = {
    // async: a connection that cannot be found rejects rather than throws.
    send: async (input) => track(deliver(prepare(input), false)),
    resendLast() {
      if (!last) return Promise.reject(new Error('webhooks.resendLast: nothing was sent yet'));
      return track(deliver(last, true));
    },
    connections: () =>
      options.tokens
        .connections()
        .filter((c) => c.webhook && !c.revoked)
        .map((c) => ({
          connectionId: c.connectionId,
          tenantId: c.tenantId,
          companyName: findCompany(c.tenantId)?.name ?? c.tenantId,
          userId: c.userId,
          userName: findUser(c.userId)?.displayName ?? c.userId,
          url: c.webhook?.url ?? '',
        })),
    deliveries: () => log.map((entry) => ({ ...entry, attempts: [...entry.attempts] })),
    clearDeliveries: () => {
      log = [];
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    sendInBackground(connection, kind, body, afterMs) {
      const webhook = connection.webhook;
      if (!webhook) return;
      const p: Prepared = {
        connection,
        url: webhook.url,
        kind,
        body,
        signature: signWebhookBody(webhook.secret, body),
        requestId: requestIdOf(body),
        tamper: null,
      };
      track(delay(afterMs, undefined, { signal: stopping.signal }).then(() => deliver(p, false))).catch(
        () => undefined,
      );
    },
    hasLast: () => last !== undefined,
    stop: () => stopping.abort(),
    startSend(input) {
      // Prepared here, so that a bad choice throws to the caller (the form answers 400) before anything is sent.
      const p = prepare(input);
      track(deliver(p, false)).catch(() => undefined);
    },
  };
  return sender;
}
