/**
 * The mix of page loads a person with a few tabs open per company makes at once, shared by the browser suite's load
 * test (tests/e2e/load.test.ts) and the benchmarks (bench/pages.ts, bench/mirror-load.ts): four companies of three
 * users (two gateways' kinds of user id), and per company ten loads: the overview, five views of the invoice list, two
 * invoices, two views of the expenses. Each load names the mark its page shows once its data came.
 */

/** What a page shows once its data arrived. */
export const CONTENT = {
  overview: 'data-total-eur=',
  invoiceList: 'data-invoice-id=',
  invoice: 'id="invoice-title"',
  expenseList: 'data-expense-id=',
} as const;

/** The marks of a page that did not come out whole. */
export const PROBLEM_MARKERS = [
  'data-problem=', // ServiceProblem: disconnected, payment-required, forbidden, busy, unavailable
  'data-error-page=', // ErrorPanel of an unexpected failure
  'data-not-found=', // a document the service did not find
  'data-dgst=', // a server error inside a streamed boundary
] as const;

export const LOAD_SESSIONS = [
  { userId: 'jana.novakova@example.sk', tenantId: '10001' },
  { userId: 'jana.novakova@example.sk', tenantId: '10002' },
  { userId: 'peter.horvath@example.sk', tenantId: '10004' },
  { userId: '48213', tenantId: '20001' },
] as const;

export type MixedLoad = { tenantId: string; path: string; expect: string };

/** The ten loads of one company; `invoiceIds` names two of its invoices. */
export function tenLoadsOf(tenantId: string, invoiceIds: readonly (string | number)[]): MixedLoad[] {
  const base = `/companies/${tenantId}`;
  const [first, second] = invoiceIds;
  return [
    { path: base, expect: CONTENT.overview },
    { path: `${base}/invoices`, expect: CONTENT.invoiceList },
    { path: `${base}/invoices?PaymentStatus=0`, expect: CONTENT.invoiceList },
    { path: `${base}/invoices?PaymentStatus=1&Top=50`, expect: CONTENT.invoiceList },
    { path: `${base}/invoices?Skip=25`, expect: CONTENT.invoiceList },
    { path: `${base}/invoices?PaymentStatus=0&DueDateStatus=2`, expect: CONTENT.invoiceList },
    { path: `${base}/invoices/${first}`, expect: CONTENT.invoice },
    { path: `${base}/invoices/${second}`, expect: CONTENT.invoice },
    { path: `${base}/expenses`, expect: CONTENT.expenseList },
    { path: `${base}/expenses?DocumentType=10`, expect: CONTENT.expenseList },
  ].map((load) => ({ ...load, tenantId }));
}
