import type { Fetch } from './http';
import type { PlannedView, ViewKind } from './page-plan';

/**
 * Page views as signed-in browsers make them, paced: one client per company token, each sequential, a view started
 * at most every `intervalMs` (start to start, never catching up after a slow view), the clients staggered evenly
 * over that interval. Paced below the service's 3 requests per second per token, so a view never waits for a
 * rate slot and its time is the page's own plus the service's.
 */
const REQUEST_TIMEOUT_MS = 30_000;

export type ViewSample = {
  tenantId: string;
  kind: ViewKind;
  path: string;
  /** Epoch ms (the sandbox's log clock) just before the request and just after the body's last byte. */
  startAt: number;
  endAt: number;
  /** Request to headers (the streamed shell) and to the last byte, ms. */
  ttfbMs: number;
  latencyMs: number;
  status: number | null;
  bytes: number;
  /** Invoices listed (list views). */
  rows: number;
  /** null: the page shows what it should; otherwise why it does not. */
  error: string | null;
  /** A list view that answered with its empty state (filters and Skip beyond the end). */
  empty: boolean;
  /** Views of any company in flight when this one started (itself included). */
  concurrent: number;
};

export type Client = { tenantId: string; cookie: string; views: readonly PlannedView[] };

/** What the HTML says about the view: an error marker of the add-on's own, or the content the view must have. */
export function judgePage(
  kind: ViewKind,
  tenantId: string,
  status: number,
  html: string,
): Pick<ViewSample, 'error' | 'rows' | 'empty'> {
  const ids = new Set(
    [...html.matchAll(new RegExp(`href="/companies/${tenantId}/invoices/(\\d+)"`, 'g'))].map((m) => m[1]),
  );
  const rows = kind === 'list' ? ids.size : 0;
  const empty = kind === 'list' && html.includes('data-empty="true"');
  const problem = /data-problem="([a-z-]+)"/.exec(html)?.[1];
  let error: string | null = null;
  if (status !== 200) error = `status ${status}`;
  else if (problem) error = `ServiceProblem ${problem}`;
  else if (html.includes('data-error-page="true"')) error = 'error page';
  else if (html.includes('data-not-found="true"')) error = 'not found';
  else if (kind === 'detail' && !html.includes('id="invoice-title"')) error = 'no invoice title';
  else if (kind === 'overview' && !html.includes('data-chart="')) error = 'no charts';
  else if (kind === 'partners' && !html.includes('data-totals-count="')) error = 'no partners';
  else if (kind === 'list' && rows === 0 && !empty) error = 'neither rows nor the empty state';
  return { error, rows, empty };
}

export async function runPacedViews(options: {
  fetch: Fetch;
  baseUrl: string;
  clients: readonly Client[];
  intervalMs: number;
  signal: AbortSignal;
}): Promise<{ samples: ViewSample[]; elapsedMs: number }> {
  const { fetch, baseUrl, intervalMs, signal } = options;
  const samples: ViewSample[] = [];
  let inFlight = 0;
  const sleep = (ms: number) => (ms <= 0 ? Promise.resolve() : new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function view(client: Client, planned: PlannedView): Promise<ViewSample> {
    const concurrent = ++inFlight;
    const startAt = Date.now();
    const started = performance.now();
    let ttfbMs = Number.NaN;
    // When and how long, taken as the view ends (after the body's last byte, or at the failure).
    const timing = () => {
      const latencyMs = performance.now() - started;
      return { tenantId: client.tenantId, ...planned, startAt, endAt: Date.now(), ttfbMs, latencyMs };
    };
    try {
      const response = await fetch(`${baseUrl}${planned.path}`, {
        headers: { cookie: client.cookie, accept: 'text/html' },
        redirect: 'manual',
        signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      ttfbMs = performance.now() - started;
      const html = await response.text(); // the whole stream: the shell, then the page once its data came
      return {
        ...timing(),
        status: response.status,
        bytes: Buffer.byteLength(html),
        concurrent,
        ...judgePage(planned.kind, client.tenantId, response.status, html),
      };
    } catch (error) {
      const name = (error as Error).name;
      return {
        ...timing(),
        status: null,
        bytes: 0,
        rows: 0,
        empty: false,
        concurrent,
        error: name === 'TimeoutError' ? 'timeout' : 'network error',
      };
    } finally {
      inFlight--;
    }
  }

  const began = performance.now();
  const run = async (client: Client, index: number) => {
    let nextStart = began + (index * intervalMs) / options.clients.length;
    for (const planned of client.views) {
      await sleep(nextStart - performance.now());
      if (signal.aborted) return;
      const startedAt = performance.now();
      samples.push(await view(client, planned));
      nextStart = Math.max(nextStart, startedAt) + intervalMs;
    }
  };
  await Promise.all(options.clients.map(run));
  return { samples, elapsedMs: performance.now() - began };
}
