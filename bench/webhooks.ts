/**
 * `npm run bench:webhooks` (and the last part of `npm run bench`): our receiver of the service's notifications,
 * `POST /api/webhooks/{webhookId}`, under load, against `next start` and a real PostgreSQL.
 *
 * Set up through the real paths only: the sandbox (in this process) signs Jana in through its launch with 10003
 * (for which its gateway delivers no token), our Connect route starts a post-mode Integration Consent, the sandbox
 * makes the connection under the consent URL's `webhook` with a secret it generates (the URL carries none), and the
 * form its consent page would write is posted to /consent/return. Then closed-loop clients over keep-alive send signed upload results after an untimed warm-up,
 * every 4th a byte-for-byte repeat of an earlier one (taken again, stored once); a few wrong signatures afterwards,
 * untimed, must all answer 400.
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL) names the PostgreSQL server (a fresh `addon_bench_<random>` is
 * created and dropped); BENCH_WEBHOOKS (default 3000) the timed notifications; BENCH_WEBHOOK_CLIENTS (default 16) the
 * clients; BENCH_SERVER_NODE_ARGS flags for the server's `node`. Prints a markdown table and writes the figures to
 * bench/results/webhooks-<timestamp>.json. Exits non-zero on any unexpected status or when webhook_events does not
 * hold one row per distinct requestId sent. Uses the existing production build in `.next`.
 */
import { randomBytes, randomUUID } from 'node:crypto';

// Relative imports, as in the sandbox: the benchmark stands outside the add-on.
import type { Sandbox } from '../sandbox/app';
import { consentFormFields, createConnections } from '../sandbox/consent/approve';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '../sandbox/webhook-signer';
import { type UploadEntity, uploadResult } from '../sandbox/webhooks/events';
import { installCleanup, positiveInteger } from './support/cleanup';
import { queryOnce } from './support/database';
import { cpuWindow, nextBuildId, openBench, publish, runBench, startWithSandbox } from './support/harness';
import { type Fetch, keepAliveClient } from './support/http';
import { environmentRows, runEnvironment } from './support/report';
import { BENCH_USER, signInThroughSandbox } from './support/sign-in';
import { countBy, megabytes, perAttempt, summarize } from './support/stats';

const NOTIFICATIONS = positiveInteger('BENCH_WEBHOOKS', 3_000);
const CLIENTS = positiveInteger('BENCH_WEBHOOK_CLIENTS', 16);
const WARMUP = 200;
const REPEAT_EVERY = 4;
const REQUEST_TIMEOUT_MS = 10_000;
const TENANT = '10003';

type Notification = { requestId: string; body: string; headers: Record<string, string>; repeat: boolean };
type Sample = { status: number | null; ms: number; repeat: boolean };

/** Progress goes to stderr: stdout carries only the table. */
const progress = (message: string) => console.error(`[bench:webhooks] ${message}`);
const cleanup = installCleanup(progress);

const JSON_BODY = { 'content-type': 'application/json; charset=utf-8' };
const signed = (signature?: string) =>
  signature === undefined ? JSON_BODY : { ...JSON_BODY, [WEBHOOK_SIGNATURE_HEADER]: signature };

/** One upload result as the service reports it (sandbox/webhooks/events.ts): 1–3 documents, every 10th with a problem. */
function uploadBody(i: number, apiUrl: string): { requestId: string; body: string } {
  const requestId = randomUUID();
  const entities: UploadEntity[] = Array.from({ length: 1 + (i % 3) }, (_, k) => {
    const n = i * 3 + k;
    const number = `FV2026${String(n).padStart(6, '0')}`;
    const problems =
      i % 10 === 0 && k === 0 ? [{ code: 'InvalidVatId', message: "The partner's VAT id is not valid." }] : [];
    return {
      data: { id: 800_000 + n, externalId: `bench-${n}`, documentNumber: number, variableSymbol: number.slice(2) },
      problems,
    };
  });
  return { requestId, body: JSON.stringify(uploadResult(requestId, apiUrl, entities)) };
}

/**
 * `count` notifications signed as the service signs. Every REPEAT_EVERY-th repeats an earlier one byte for byte
 * (same body, same signature), alternately the latest (often still in flight) and one from half the run ago.
 */
function planNotifications(count: number, secret: string, apiUrl: string): Notification[] {
  const originals: Notification[] = [];
  return Array.from({ length: count }, (_, i) => {
    if (i % REPEAT_EVERY === REPEAT_EVERY - 1) {
      const latest = i % (2 * REPEAT_EVERY) === REPEAT_EVERY - 1;
      return { ...(originals[latest ? originals.length - 1 : originals.length >> 1] as Notification), repeat: true };
    }
    const { requestId, body } = uploadBody(i, apiUrl);
    const original = { requestId, body, headers: signed(signWebhookBody(secret, body)), repeat: false };
    originals.push(original);
    return original;
  });
}

/** Wrong signatures, two of each kind: another key, a body changed after signing, none at all, not Base64 HMAC. */
function badNotifications(secret: string, apiUrl: string): Notification[] {
  return [0, 1].flatMap((i) => {
    const { requestId, body } = uploadBody(i, apiUrl);
    const bad = (b: string, signature?: string) => ({ requestId, body: b, headers: signed(signature), repeat: false });
    return [
      bad(body, signWebhookBody(randomBytes(32).toString('base64'), body)),
      bad(body.replace('"status":', '"amount":1,"status":'), signWebhookBody(secret, body)),
      bad(body),
      bad(body, 'not-a-signature'),
    ];
  });
}

/**
 * Connects TENANT as the user's browser and the service's consent page would: our Connect button (same origin, with
 * the session), the connection the page's approval makes under the consent URL's webhook (with a secret the service
 * generates), and the indexed form posted cross-site, without our cookie, to our redirect_url, which answers its own
 * page. Answers the receiver's address and the secret the service signs with.
 */
async function connectThroughConsent(fetch: Fetch, sandbox: Sandbox, addonUrl: string, cookie: string) {
  const send = async (url: string, extra: Record<string, string>, body: string) => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', ...extra };
    const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get('location') ?? '' };
  };
  const sameOrigin = { cookie, origin: addonUrl, 'sec-fetch-site': 'same-origin' };
  const start = await send(`${addonUrl}/companies/${TENANT}/connection/consent`, sameOrigin, '');
  if (start.status !== 303 || !start.location.startsWith(`${sandbox.url}/integration-consent?`)) {
    throw new Error(`starting the consent answered ${start.status} to ${start.location || 'nowhere'}`);
  }
  const query = new URL(start.location).searchParams;
  const [state, webhook, redirectUrl] = ['state', 'webhook', 'redirect_url'].map((n) => query.get(n));
  if (query.get('response_mode') !== 'post' || !state || !webhook || !redirectUrl) {
    throw new Error('the consent URL lacks response_mode=post, state, webhook or redirect_url');
  }
  const approved = createConnections(sandbox.tokens, { userId: BENCH_USER, tenantIds: [TENANT], webhook });
  const secret = approved[0]?.webhookSecret;
  if (!secret) throw new Error('the sandbox generated no webhook secret for the connection');
  const form = new URLSearchParams(consentFormFields(approved, state)).toString();
  const answer = await send(redirectUrl, { origin: sandbox.url, 'sec-fetch-site': 'cross-site' }, form);
  if (answer.status !== 200) {
    throw new Error(`the consent's answer to ${redirectUrl} got ${answer.status}`);
  }
  return { url: webhook, webhookId: webhook.split('/').pop() as string, secret };
}

/** `clients` closed-loop clients: each sends the next notification as soon as its previous one was answered. */
async function deliver(fetch: Fetch, url: string, plan: readonly Notification[], clients: number) {
  const samples: Sample[] = [];
  let next = 0;
  const started = performance.now();
  const client = async () => {
    for (let n = plan[next++]; n && !cleanup.signal.aborted; n = plan[next++]) {
      const begun = performance.now();
      const signal = AbortSignal.any([cleanup.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
      const status = await fetch(url, { method: 'POST', headers: n.headers, body: n.body, signal })
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch(() => null);
      samples.push({ status, ms: performance.now() - begun, repeat: n.repeat });
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { samples, elapsedMs: performance.now() - started };
}

const statusCounts = (samples: readonly Sample[]) => countBy(samples, (s) => String(s.status ?? 'no answer'));
const isAll = (samples: readonly Sample[], status: number) =>
  samples.length > 0 && samples.every((s) => s.status === status);

async function main(): Promise<number> {
  const buildId = nextBuildId();
  const bench = await openBench(cleanup, progress);
  const { sandbox, addonUrl, server, memory, healthy } = await startWithSandbox(bench, progress, (addresses) => ({
    CONSENT_URL: addresses.consentUrl,
    CONSENT_RESPONSE_MODE: 'post',
    INTEGRATOR_NAME: 'Bench s.r.o.',
  }));
  const startupLines = await healthy();
  const http = await keepAliveClient(2 * CLIENTS, cleanup);

  const cookie = await signInThroughSandbox(http.fetch, sandbox.url, BENCH_USER, [TENANT]);
  const receiver = await connectThroughConsent(http.fetch, sandbox, addonUrl, cookie);
  progress(`${BENCH_USER} signed in and ${TENANT} connected through a post-mode consent; receiver ${receiver.url}`);

  const apiUrl = `${sandbox.url}/api/invoices/{id}`;
  const warmupPlan = planNotifications(WARMUP, receiver.secret, apiUrl);
  const plan = planNotifications(NOTIFICATIONS, receiver.secret, apiUrl);
  progress(`warm-up: ${WARMUP} notifications`);
  const warmup = await deliver(http.fetch, receiver.url, warmupPlan, CLIENTS);
  if (cleanup.signal.aborted) throw new Error('interrupted');
  if (!isAll(warmup.samples, 200)) {
    console.error(server.outputTail().join('\n'));
    throw new Error(`warm-up failed: ${JSON.stringify(statusCounts(warmup.samples))}`);
  }

  progress(`timed: ${NOTIFICATIONS} notifications, ${CLIENTS} clients`);
  const endCpuWindow = await cpuWindow(bench, server.pid);
  const timed = await deliver(http.fetch, receiver.url, plan, CLIENTS);
  if (cleanup.signal.aborted) throw new Error('interrupted');
  const { cpu, loadAverage } = await endCpuWindow();
  const bad = await deliver(http.fetch, receiver.url, badNotifications(receiver.secret, apiUrl), 1);
  const serverLogLines = server.outputLines() - startupLines;

  const requestIds = new Set([...warmupPlan, ...plan].map((n) => n.requestId));
  const countSql = 'select count(*)::int as n from webhook_events where webhook_id = $1';
  const stored = Number((await queryOnce(bench.database.url, countSql, [receiver.webhookId]))[0]?.n);
  const perRequest = (ms: number) => perAttempt(ms, timed.samples.length);
  const figures = {
    timestamp: new Date().toISOString(),
    config: { notifications: NOTIFICATIONS, warmup: WARMUP, clients: CLIENTS, repeatEvery: REPEAT_EVERY },
    setup: { connection: `${BENCH_USER} → ${TENANT}`, serverLogLevel: 'warn', client: http.label },
    result: {
      sent: timed.samples.length,
      elapsedSeconds: Math.round(timed.elapsedMs) / 1000,
      requestsPerSecond: Math.round((timed.samples.length / (timed.elapsedMs / 1000)) * 10) / 10,
      latencyMs: summarize(timed.samples.map((s) => s.ms)),
      repeatLatencyMs: summarize(timed.samples.filter((s) => s.repeat).map((s) => s.ms)),
      statuses: statusCounts(timed.samples),
      badSignatureStatuses: statusCounts(bad.samples),
      storedRows: stored,
      distinctRequestIds: requestIds.size,
      serverPeakRssMb: megabytes(memory.peakRss()),
      // Read before the server stops: the high-water mark disappears with the process.
      serverVmHwmMb: megabytes(memory.highWaterMark()),
      // The sandbox answers in this process, but is idle while the notifications go out.
      cpuMsPerRequest: {
        server: perRequest(cpu.server),
        postgres: perRequest(cpu.postgres),
        loadGenerator: perRequest(cpu.loadGenerator),
      },
      serverLogLines,
    },
    environment: runEnvironment(loadAverage, buildId),
  };
  memory.stop();

  const { result: x, config: c } = figures;
  const counts = (o: Record<string, number>) =>
    Object.entries(o)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
  const perRequestCpu = Object.values(x.cpuMsPerRequest).join(' / ');
  const table = [
    `## Webhook benchmark: POST /api/webhooks/{webhookId}, ${c.clients} closed-loop clients`,
    '',
    '| metric | value |',
    '|---|---|',
    `| notifications (timed) | ${x.sent} in ${x.elapsedSeconds} s, every ${c.repeatEvery}th a byte-for-byte repeat |`,
    `| **throughput** | **${x.requestsPerSecond} requests/s** |`,
    `| latency p50 / p95 / p99 / max ms | ${[x.latencyMs.p50, x.latencyMs.p95, x.latencyMs.p99, x.latencyMs.max].join(' / ')} |`,
    `| repeats only: p50 / p95 / p99 ms | ${[x.repeatLatencyMs.p50, x.repeatLatencyMs.p95, x.repeatLatencyMs.p99].join(' / ')} |`,
    `| statuses (all must be 200) | ${counts(x.statuses)} |`,
    `| wrong signatures, untimed (all must be 400) | ${counts(x.badSignatureStatuses)} |`,
    `| rows in webhook_events / distinct requestIds sent (warm-up included) | ${x.storedRows} / ${x.distinctRequestIds} |`,
    `| server peak RSS MB | ${x.serverPeakRssMb} (VmHWM ${x.serverVmHwmMb}) |`,
    `| CPU ms per request: server / PostgreSQL / load generator | ${perRequestCpu} |`,
    ...environmentRows(figures.environment),
    '',
    `Notes: ${c.warmup} untimed warm-up notifications first; upload results of 1–3 documents, signed as the service ` +
      `signs (HMAC-SHA256 over UTF-16LE), over ${figures.setup.client}. Latency is per request, body read. Server run with ` +
      `LOG_LEVEL=warn (${x.serverLogLines} line(s) logged). Server, PostgreSQL and load generator share the host's CPUs.`,
  ].join('\n');
  publish('webhooks', figures, table, progress);

  if (serverLogLines > 0) console.error(`server output (last lines):\n${server.outputTail().join('\n')}`);
  const failures = [
    ...(isAll(timed.samples, 200) && timed.samples.length === NOTIFICATIONS
      ? []
      : [`timed statuses ${JSON.stringify(x.statuses)}`]),
    ...(isAll(bad.samples, 400) ? [] : [`wrong signatures answered ${JSON.stringify(x.badSignatureStatuses)}`]),
    ...(stored === requestIds.size ? [] : [`${stored} rows stored for ${requestIds.size} distinct requestIds`]),
  ];
  for (const failure of failures) console.error(`Failed: ${failure}.`);
  return failures.length > 0 ? 1 : 0;
}

runBench('bench:webhooks', cleanup, main);
