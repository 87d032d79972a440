/**
 * `npm run bench:partners` (not part of `npm run bench` yet): the partners list and a partner's statement of a large
 * company, on PostgreSQL, through its queries and through the product as it runs.
 *
 * The company's mirror is filled with BENCH_PARTNERS_DOCUMENTS (30 000) invoices and expenses, made here (a fixed
 * seed, the rows a sync writes: lib/owners/mirror/document-row.ts): one partner holds BENCH_PARTNER_DOCUMENTS (2 000)
 * of them (70 % invoices with one or two payments each, a tenth of those credit notes; 30 % expenses; some in CZK),
 * the rest belong to 400 other partners, a fifth of them known by name only.
 *
 * 1. The queries, BENCH_PARTNERS_RUNS (100) times each after 5 warm-up reads: the statement's three (who the partner
 *    is, its balances in EUR, its lines with the running balance: lib/features/partners/pages.ts reads them side by
 *    side), the partners list (first page, sorted by overdue, searched) and the overview's top overdue partners.
 * 2. The pages: `next start` (production build, MIRROR_SYNC=on) on the same database, the sandbox in this process for
 *    the sign-in; the company's data API answers 503 throughout (a sandbox fault), so no sync ever touches the copy
 *    made here (pages read only the copy). The statement page and the partners list, each viewed
 *    BENCH_PARTNERS_RUNS times one after another with the session: request to last byte.
 *
 * Aim: the statement of 2 000 documents under 200 ms (query and page, p95). Environment: BENCH_DATABASE_URL (or
 * DATABASE_URL); a database `addon_bench_<random>` is created and dropped again. Writes
 * bench/results/partners-<timestamp>.json. Uses the existing production build in `.next`.
 */
import { performance } from 'node:perf_hooks';

import { partnersOf, partnerSummary, topOverduePartners } from '@/lib/features/partners/queries/partners';
import { statementOf, statementPartner } from '@/lib/features/partners/queries/statement';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import { beginSync, updateState } from '@/lib/owners/mirror/state';
import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';
import { type Db } from '@/lib/platform/db/client';
import { expenseSchema } from '@/lib/service/schemas/expense';
import { invoiceSchema } from '@/lib/service/schemas/invoice';

import { installCleanup, positiveInteger } from './support/cleanup';
import { nextBuildId, openBench, publish, runBench, startWithSandbox } from './support/harness';
import { openMigratedPool } from './support/pool';
import { seededRandom } from './support/random';
import { BENCH_USER, signInThroughSandbox } from './support/sign-in';
import { type Latency, timedRuns } from './support/stats';

const DOCUMENTS = positiveInteger('BENCH_PARTNERS_DOCUMENTS', 30_000);
const PARTNER_DOCUMENTS = positiveInteger('BENCH_PARTNER_DOCUMENTS', 2_000);
const RUNS = positiveInteger('BENCH_PARTNERS_RUNS', 100);
const OTHER_PARTNERS = 400;
const TENANT = '10001';
const company = { pluginId: sandboxDefaults.pluginId, tenantId: TENANT };
const BIG = { name: 'Veľkoodberateľ Slovensko a.s.', ico: '35123456' };
const AIM_MS = 200;

const progress = (message: string) => console.error(`[bench:partners] ${message}`);
const cleanup = installCleanup(progress);

const dayOf = (base: number, offset: number) => new Date(base + offset * 86_400_000).toISOString().slice(0, 10);
const cents = (value: number) => Math.round(value * 100) / 100;

/** The company's documents: the big partner's first, then the others'. */
function* documents(today: number) {
  const random = seededRandom(19);
  const partners = Array.from({ length: OTHER_PARTNERS }, (_, index) => ({
    name: `Partner ${index} s.r.o.`,
    ico: index % 5 === 0 ? null : String(40_000_000 + index * 7),
  }));
  for (let index = 0; index < DOCUMENTS; index += 1) {
    const big = index < PARTNER_DOCUMENTS;
    const partner = big ? BIG : partners[random.int(0, OTHER_PARTNERS - 1)]!;
    const issued = random.int(0, 720);
    const issue = dayOf(today, -issued);
    const due = dayOf(today, -issued + [7, 14, 30, 60][random.int(0, 3)]!);
    const czk = random.next() < 0.1;
    const invoice = random.next() < 0.7;
    const credit = invoice && random.next() < 0.1;
    const amount = cents(((credit ? -1 : 1) * random.int(1_000, 500_000)) / 100);
    const eur = czk ? cents(amount / 25.1) : amount;
    const status = credit ? 0 : [0, 1, 1, 1, 3][random.int(0, 4)]!;
    const paid = status === 1 ? amount : status === 3 ? cents(amount / 2) : 0;
    const record = {
      documentNumber: `${invoice ? 'OF' : 'PF'}${String(index).padStart(8, '0')}`,
      partner: { address: { businessName: partner.name }, registrationId: partner.ico },
      issueDate: `${issue}T00:00:00`,
      dueDate: `${due}T00:00:00`,
      lastModifiedTimestamp: `${issue}T08:00:00`,
      paymentStatus: status,
      prices: {
        currency: czk ? 'CZK' : 'EUR',
        documentPrices: { totalPriceInclVat: amount },
        legislativePrices: { totalPriceInclVat: eur },
      },
      sumForPayment: cents(amount - paid),
    };
    if (invoice) {
      const payments =
        paid === 0
          ? []
          : status === 1 && random.next() < 0.3
            ? [cents(paid / 2), cents(paid - cents(paid / 2))]
            : [paid];
      yield documentRow(
        'invoices',
        invoiceSchema.parse({
          ...record,
          id: 1_000_000 + index,
          invoiceType: credit ? 1 : 0,
          payments: payments.map((value, n) => ({
            date: `${dayOf(today, -issued + 5 + n * 10)}T00:00:00`,
            amount: value,
          })),
        }),
      );
    } else {
      yield documentRow('expenses', expenseSchema.parse({ ...record, id: `e-${index}`, documentType: 10 }));
    }
  }
}

async function fill(db: Db): Promise<void> {
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  let page: ReturnType<typeof documentRow>[] = [];
  for (const row of documents(today)) {
    page.push(row);
    if (page.length === 500) {
      await upsertDocuments(db, company, page);
      page = [];
    }
  }
  if (page.length > 0) await upsertDocuments(db, company, page);
  // A copy whose first full sync has ended: the pages read it.
  await beginSync(db, company);
  await updateState(db, company, { status: 'ready', fullSyncedAt: new Date(), lastSyncedAt: new Date() });
}

type Row = { view: string; latency: Latency; note: string };

async function measure(view: string, read: () => Promise<string>): Promise<Row> {
  const { latency, note } = await timedRuns(5, RUNS, read);
  progress(`${view}: p50 ${latency.p50} ms, p95 ${latency.p95} ms (${note})`);
  return { view, latency, note };
}

runBench('bench:partners', cleanup, async () => {
  const build = nextBuildId();
  const bench = await openBench(cleanup, progress);
  const db = await openMigratedPool(bench, { max: 4, what: 'the fill pool' });
  const filled = performance.now();
  await fill(db);
  progress(`filled ${DOCUMENTS} documents in ${Math.round(performance.now() - filled)} ms`);
  const key = `ico:${BIG.ico}`;
  const today = new Date().toISOString().slice(0, 10);

  const queries: Row[] = [
    await measure('statement: its three queries side by side', async () => {
      const [, , statement] = await Promise.all([
        statementPartner(db, company, key),
        partnerSummary(db, company, key, today),
        statementOf(db, company, key, today),
      ]);
      return `${statement.lines.length} lines`;
    }),
    await measure('partners list: first page', async () => {
      const page = await partnersOf(db, company, { top: 25, skip: 0, today });
      return `${page.totals.count} partners`;
    }),
    await measure('partners list: sorted by overdue', async () => {
      const page = await partnersOf(db, company, {
        top: 25,
        skip: 0,
        today,
        sort: { key: 'overdue', descending: true },
      });
      return `${page.partners.length} rows`;
    }),
    await measure('partners list: searched', async () => {
      const page = await partnersOf(db, company, { top: 25, skip: 0, today, q: 'partner 12' });
      return `${page.totals.count} found`;
    }),
    await measure('overview: top overdue partners', async () => {
      const top = await topOverduePartners(db, company, today, 5);
      return `${top.length} partners`;
    }),
  ];

  const { sandbox, addonUrl, healthy } = await startWithSandbox(bench, progress, () => ({ MIRROR_SYNC: 'on' }));
  await healthy();
  // Every data-API call of the company fails: the syncs a sign-in and a view ask for never change the copy.
  const fault = await fetch(`${sandbox.url}/admin/data-api/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenantId: TENANT, mode: 'server-error' }),
  });
  if (!fault.ok) throw new Error(`the sandbox's fault answered ${fault.status}`);
  const cookie = await signInThroughSandbox(fetch, sandbox.url, BENCH_USER, [TENANT]);
  const view = (path: string) => async () => {
    const response = await fetch(`${addonUrl}${path}`, { headers: { cookie, 'accept-language': 'sk' } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const lines = body.match(/<tr data-line=/g)?.length ?? 0;
    const partners = body.match(/data-partner-key="/g)?.length ?? 0;
    if (lines + partners === 0) throw new Error(`${path} shows neither lines nor partners`);
    const size = `${Math.round(body.length / 1024)} KB`;
    return lines > 0 ? `${lines} lines, ${size}` : `${partners} rows, ${size}`;
  };
  const pages: Row[] = [
    await measure(
      'statement page (HTTP, to the last byte)',
      view(`/companies/${TENANT}/partners/${encodeURIComponent(key)}`),
    ),
    await measure('partners page (HTTP, to the last byte)', view(`/companies/${TENANT}/partners`)),
    await measure('partners page sorted by overdue (HTTP)', view(`/companies/${TENANT}/partners?sort=-overdue`)),
  ];

  const rows = [...queries, ...pages];
  const table = [
    `bench:partners — ${DOCUMENTS} documents, one partner with ${PARTNER_DOCUMENTS}, PostgreSQL, ${RUNS} runs (build ${build})`,
    '',
    '| view | p50 ms | p95 ms | max ms | |',
    '|---|---:|---:|---:|---|',
    ...rows.map(
      (row) => `| ${row.view} | ${row.latency.p50} | ${row.latency.p95} | ${row.latency.max} | ${row.note} |`,
    ),
  ].join('\n');
  const timestamp = new Date().toISOString();
  publish(
    'partners',
    { timestamp, build, documents: DOCUMENTS, partnerDocuments: PARTNER_DOCUMENTS, runs: RUNS, rows } as {
      timestamp: string;
    },
    table,
    progress,
  );
  const statementP95 = Math.max(queries[0]!.latency.p95, pages[0]!.latency.p95);
  return statementP95 < AIM_MS ? 0 : 1;
});
