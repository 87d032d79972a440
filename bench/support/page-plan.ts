/**
 * What the page benchmark looks at: for each signed-in company, invoice list views (a rotation of the interface's
 * filters and Skip values, always Top=50) alternating with invoice detail views (ids the sandbox really has); the
 * mirror's bench views a company's overview and its partners too.
 */
export type ViewKind = 'list' | 'detail' | 'overview' | 'partners';
export type PlannedView = { kind: ViewKind; path: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Query strings of the list views: most match many invoices, so a page usually holds a full table of 50. */
export function listQueries(now = Date.now()): string[] {
  return [
    'Top=50',
    'PaymentStatus=0&Top=50',
    'Top=50&Skip=50',
    'PaymentStatus=1&Top=50',
    'DueDateStatus=2&Top=50',
    'Top=50&Skip=100',
    'DueDateStatus=1&Top=50',
    'PaymentStatus=1&Top=50&Skip=50',
    `IssueDateFrom=${isoDay(now - 180 * DAY_MS)}&Top=50`,
    'Top=50&Skip=200',
  ];
}

/**
 * `count` views of one company, list and detail alternating, starting `offset` views into the rotation (so the
 * timed views continue where the warm-up stopped). Detail ids are visited with a stride, so neighbours differ.
 */
export function planViews(
  tenantId: string,
  invoiceIds: readonly number[],
  queries: readonly string[],
  offset: number,
  count: number,
): PlannedView[] {
  if (invoiceIds.length === 0) throw new Error(`no invoice ids for company ${tenantId}`);
  const stride = 7; // coprime with most id counts; neighbours in the list are different invoices anyway
  const views: PlannedView[] = [];
  for (let i = offset; i < offset + count; i++) {
    const n = Math.floor(i / 2);
    views.push(
      i % 2 === 0
        ? { kind: 'list', path: `/companies/${tenantId}/invoices?${queries[n % queries.length]}` }
        : { kind: 'detail', path: `/companies/${tenantId}/invoices/${invoiceIds[(n * stride) % invoiceIds.length]}` },
    );
  }
  return views;
}

/** The ids of up to 100 invoices of a company, read from the sandbox's data API with a token issued for the bench. */
export async function invoiceIdsOf(sandboxUrl: string, token: string): Promise<number[]> {
  const response = await fetch(`${sandboxUrl}/api/invoices?Top=100`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) throw new Error(`GET /api/invoices answered ${response.status}`);
  const body = (await response.json()) as { data?: { id?: unknown }[] };
  return (body.data ?? []).map((record) => Number(record.id)).filter(Number.isSafeInteger);
}
