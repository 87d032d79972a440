import { type LoggedRequest, maxRequestsInAnyWindow } from '../../sandbox/data-api/request-log';
import { queryOnce } from './database';

/**
 * What the mirror benchmarks read from the sandbox's request log and from the bench database: which calls were the
 * sync's, how fast they came, and where each company's sync stands.
 */

const DOCUMENT_LISTS = new Set(['/api/invoices', '/api/expenses', '/api/delivery-notes']);
/**
 * Lists only the sync reads: the reference lists (numbering sequences are read by pages too, and count as theirs),
 * and the payments and catalog items, which pages read from the mirror only.
 */
const SYNC_ONLY_LISTS = new Set(['/api/warehouses', '/api/payments/accounts', '/api/payments', '/api/catalog-items']);

/**
 * A call of the sync (lib/owners/mirror/service-pages.ts, kind-stores.ts): a document list of 100 with no list filter
 * (the overview's pages of 100 always carry PaymentStatus or IssueDateFrom), or a list no page reads. The benchmarks'
 * own page views never ask for Top=100.
 */
export function isSyncCall(request: Pick<LoggedRequest, 'method' | 'path' | 'query'>): boolean {
  if (request.method !== 'GET') return false;
  if (SYNC_ONLY_LISTS.has(request.path)) return true;
  if (!DOCUMENT_LISTS.has(request.path)) return false;
  const query = new URLSearchParams(request.query);
  return query.get('Top') === '100' && !query.has('PaymentStatus') && !query.has('IssueDateFrom');
}

export type RateFigures = {
  calls: number;
  /** Arrivals per second from the first to the last arrival, as the service sees them. */
  callsPerSecond: number;
  /** First to last arrival, seconds. */
  spanSeconds: number;
  status429: number;
  /** The most arrivals of one token within any 1 000 ms (the service allows 3). */
  maxInAnySecond: number;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

export function rateOf(requests: readonly LoggedRequest[]): RateFigures {
  const arrivals = requests.map((request) => request.at).sort((a, b) => a - b);
  const spanMs = arrivals.length > 1 ? arrivals.at(-1)! - arrivals[0]! : 0;
  return {
    calls: requests.length,
    callsPerSecond: spanMs > 0 ? round2(((arrivals.length - 1) * 1_000) / spanMs) : 0,
    spanSeconds: round2(spanMs / 1_000),
    status429: requests.filter((request) => request.status === 429).length,
    maxInAnySecond: maxRequestsInAnyWindow(requests, 1_000),
  };
}

export type MirrorState = {
  tenantId: string;
  status: string;
  /** Epoch ms, or null before the first full sync ended. */
  fullSyncedAt: number | null;
  /** Documents the full sync has read so far, all kinds. */
  read: number;
  /** The kinds the full sync has read to their last page. */
  kindsDone: string[];
  documents: number;
};

/** Every company's sync state in the bench database (the add-on's own table, read as the pages would show it). */
export async function mirrorStates(databaseUrl: string): Promise<Map<string, MirrorState>> {
  const rows = await queryOnce(
    databaseUrl,
    `select c.tenant_id, c.status, extract(epoch from c.full_synced_at) * 1000 as full_synced_at, c.progress,
            (select count(*) from mirror_documents d where d.plugin_id = c.plugin_id and d.tenant_id = c.tenant_id)
              as documents
       from mirror_companies c`,
  );
  const states = new Map<string, MirrorState>();
  for (const row of rows) {
    const progress = (row.progress ?? {}) as Record<string, { read?: number; done?: boolean } | undefined>;
    const tenantId = String(row.tenant_id);
    states.set(tenantId, {
      tenantId,
      status: String(row.status),
      fullSyncedAt: row.full_synced_at === null ? null : Math.round(Number(row.full_synced_at)),
      read: Object.values(progress).reduce((sum, kind) => sum + (kind?.read ?? 0), 0),
      kindsDone: Object.entries(progress).flatMap(([kind, done]) => (done?.done ? [kind] : [])),
      documents: Number(row.documents),
    });
  }
  return states;
}

/**
 * Erases companies' mirrors and stored tokens in the bench database, as if they had never been connected: the next
 * launch finds no token, so the gateway delivers one, and the delivery asks for a first full sync.
 */
export async function disconnectCompanies(databaseUrl: string, tenantIds: readonly string[]): Promise<void> {
  const tables = [
    'mirror_documents',
    'mirror_payments',
    'mirror_catalog_items',
    'mirror_reference',
    'mirror_companies',
    'access_tokens',
  ];
  for (const table of tables) {
    await queryOnce(databaseUrl, `delete from ${table} where tenant_id = any($1)`, [tenantIds]);
  }
}

/** Polls until `done` holds for the states, or throws after `timeoutMs`; `report` hears the states every 10 s. */
export async function waitForMirrors(
  databaseUrl: string,
  done: (states: Map<string, MirrorState>) => boolean,
  options: { timeoutMs: number; signal: AbortSignal; report?: (states: Map<string, MirrorState>) => void },
): Promise<Map<string, MirrorState>> {
  const deadline = Date.now() + options.timeoutMs;
  let reported = Date.now();
  for (;;) {
    const states = await mirrorStates(databaseUrl);
    if (done(states)) return states;
    if (options.signal.aborted) throw new Error('interrupted');
    if (Date.now() > deadline) {
      const seen = [...states.values()].map((s) => `${s.tenantId} ${s.status} (${s.read} read)`).join(', ');
      throw new Error(`the mirrors did not get there within ${options.timeoutMs / 1000} s: ${seen || 'no rows'}`);
    }
    if (options.report && Date.now() - reported >= 10_000) {
      options.report(states);
      reported = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Waits until no `mirror.sync` job is queued or running: a job that stepped back behind a running one of its company
 * waits a few seconds in the queue, and while it waits a new request for the company is refused (one waiting per
 * company), so a connection made then would start its sync only when that job's time comes.
 */
export async function waitForIdleSyncQueue(databaseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await queryOnce(
      databaseUrl,
      `select count(*) as pending from pgboss.job where name = 'mirror.sync' and state in ('created', 'retry', 'active')`,
    );
    if (Number(row?.pending) === 0) return;
    if (Date.now() > deadline) throw new Error(`mirror.sync jobs still pending after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Waits until the company's expenses all have their journal: after a full sync they are read one by one
 * (lib/owners/mirror/journals.ts), a call each at the token's pace, which a page benchmark would otherwise measure
 * alongside its pages. Answers how long it waited.
 */
export async function waitForExpenseJournals(
  databaseUrl: string,
  tenantId: string,
  options: { timeoutMs: number; signal: AbortSignal; report?: (left: number) => void },
): Promise<number> {
  const started = Date.now();
  let reported = started;
  for (;;) {
    const [row] = await queryOnce(
      databaseUrl,
      `select count(*) as left from mirror_documents where tenant_id = $1 and kind = 'expenses' and detail_read_at is null`,
      [tenantId],
    );
    const left = Number(row?.left);
    if (left === 0) return Date.now() - started;
    if (options.signal.aborted) throw new Error('interrupted');
    if (Date.now() - started > options.timeoutMs) throw new Error(`${left} expenses still without their journal`);
    if (options.report && Date.now() - reported >= 10_000) {
      options.report(left);
      reported = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
