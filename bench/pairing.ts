/**
 * `npm run bench:pairing`: pairing a bank statement's lines with a large company's open invoices (issue 20).
 *
 * 1. Pairing alone (lib/features/imports/pairing.ts, pure): BENCH_PAIRING_LINES (10 000) statement lines against
 *    BENCH_PAIRING_OPEN (30 000) open invoices, made here with a fixed seed: 55 % pay an invoice by its symbol (a
 *    fifth padded with zeros, a tenth partly, some over), 10 % name it in the message only (foreign payers), 10 %
 *    have no symbol but a payer whose account paid the partner before (a suggestion), 10 % an unknown symbol, 5 %
 *    twins of an earlier line, 10 % debits; 300 symbols are shared by two invoices, a fifth of the invoices are
 *    advance invoices. Indexing the invoices and pairing every line, BENCH_PAIRING_RUNS (20) times after 3 warm-ups.
 * 2. The open invoices' query (lib/features/imports/queries/open-invoices.ts) on PostgreSQL: a company of
 *    BENCH_PAIRING_DOCUMENTS (30 000) invoices written by the mirror's own writers, half of them open, and 10 000
 *    payments from 2 000 accounts; read with the statement's 2 000 payers' accounts, and the pairing control's search.
 *
 * Aim: pairing 10 000 lines well under 1 s (the import's whole budget: 10 000 lines read and paired under 2 s).
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL); a database `addon_bench_<random>` is created and dropped again.
 * Writes bench/results/pairing-<timestamp>.json.
 */
import { performance } from 'node:perf_hooks';

import type { StatementLine } from '@/lib/base/imports/statement-line';
import { indexOpenInvoices } from '@/lib/features/imports/open-invoice-index';
import { pairStatement } from '@/lib/features/imports/pairing';
import { type OpenInvoice, openInvoicesOf, searchInvoicesToPair } from '@/lib/features/imports/queries/open-invoices';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import { paymentRow } from '@/lib/owners/mirror/payment-row';
import { upsertPayments } from '@/lib/owners/mirror/payments';
import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';
import { invoiceSchema } from '@/lib/service/schemas/invoice';
import { paymentSchema } from '@/lib/service/schemas/reference';

import { installCleanup, positiveInteger } from './support/cleanup';
import { openBench, publish, runBench } from './support/harness';
import { benchOpenInvoices } from './support/open-invoices';
import { openMigratedPool } from './support/pool';
import { seededRandom } from './support/random';
import { type Latency, megabytes, timedRuns } from './support/stats';

const LINES = positiveInteger('BENCH_PAIRING_LINES', 10_000);
const OPEN = positiveInteger('BENCH_PAIRING_OPEN', 30_000);
const DOCUMENTS = positiveInteger('BENCH_PAIRING_DOCUMENTS', 30_000);
const RUNS = positiveInteger('BENCH_PAIRING_RUNS', 20);
const PAYERS = 2_000;
const company = { pluginId: sandboxDefaults.pluginId, tenantId: '10001' };
const AIM_MS = 1_000;

const progress = (message: string) => console.error(`[bench:pairing] ${message}`);
const cleanup = installCleanup(progress);

const ibanOf = (n: number) => `SK${String(10 + (n % 89))}1100000000${String(n).padStart(10, '0')}`;
const dayOf = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const symbolOf = (n: number) => String(2026_000_000 + n);

/** The company's open invoices (support/open-invoices.ts), with days over the year and half the partners' accounts. */
const openInvoices = (count: number): OpenInvoice[] =>
  benchOpenInvoices(count, {
    symbolOf,
    leastCents: 1_000,
    issueDateOf: (_, random) => dayOf(random.int(0, 360)),
    ibansOf: (partner) => (partner < PAYERS ? [ibanOf(partner)] : []),
  });

function statementLines(invoices: readonly OpenInvoice[], count: number): StatementLine[] {
  const random = seededRandom(21);
  const lines: StatementLine[] = [];
  for (let index = 0; index < count; index += 1) {
    const invoice = invoices[random.int(0, invoices.length - 1)]!;
    const roll = random.next();
    const base: StatementLine = {
      index,
      occurrence: 1,
      bookingDate: '2026-12-15',
      direction: 'credit',
      amount: invoice.amountDue,
      currency: 'EUR',
      bankReference: `B${index}`,
      endToEndId: null,
      symbols: { variable: null, specific: null, constant: null },
      counterparty: { name: invoice.partnerName, iban: invoice.partnerIbans[0] ?? null },
      message: null,
      externalId: `bench:${index}:1`,
    };
    const symbol = invoice.variableSymbol!;
    if (roll < 0.55) {
      const padded = random.next() < 0.2 ? symbol.padStart(10, '0') : symbol;
      const partial = random.next() < 0.1 ? (Number(invoice.amountDue) / 2).toFixed(2) : invoice.amountDue;
      lines.push({ ...base, amount: partial, symbols: { ...base.symbols, variable: padded } });
    } else if (roll < 0.65) lines.push({ ...base, message: `Invoice OF${symbol}, thank you` });
    else if (roll < 0.75) lines.push(base);
    else if (roll < 0.85) lines.push({ ...base, symbols: { ...base.symbols, variable: String(9_000_000 + index) } });
    else if (roll < 0.9 && lines.length > 0) {
      const twin = lines[lines.length - 1]!;
      lines.push({ ...twin, index, occurrence: twin.occurrence + 1, externalId: `bench:${index}:2` });
    } else lines.push({ ...base, direction: 'debit', amount: '49.90' });
  }
  return lines;
}

type Row = { step: string; latency: Latency; note: string };

async function measure(step: string, runs: number, run: () => Promise<string> | string): Promise<Row> {
  const { latency, note } = await timedRuns(3, runs, run);
  progress(`${step}: p50 ${latency.p50} ms, max ${latency.max} ms (${note})`);
  return { step, latency, note };
}

/**
 * What the index and the pairings of a whole statement keep alive, measured between two full collections (node's
 * --expose-gc, which `npm run bench:pairing` passes), and the heap's peak while timing (garbage included).
 */
function retainedByPairing(invoices: readonly OpenInvoice[], lines: readonly StatementLine[], peak: number) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const index = indexOpenInvoices(invoices);
  const pairings = pairStatement(lines, index);
  gc?.();
  const retained = process.memoryUsage().heapUsed - before;
  if (pairings.length !== lines.length || index.due.size === 0) throw new Error('nothing paired');
  return { retainedMb: gc ? megabytes(retained) : null, peakMb: megabytes(peak - before) };
}

function countStates(pairings: ReturnType<typeof pairStatement>): Record<string, number> {
  const states: Record<string, number> = {};
  for (const pairing of pairings) {
    const key = `${pairing.state}${pairing.match ? `/${pairing.match}` : ''}${pairing.suggestion ? '/suggested' : ''}`;
    states[key] = (states[key] ?? 0) + 1;
  }
  return states;
}

runBench('bench:pairing', cleanup, async () => {
  const timestamp = new Date().toISOString();
  const invoices = openInvoices(OPEN);
  const lines = statementLines(invoices, LINES);
  const states = countStates(pairStatement(lines, invoices));
  progress(`lines: ${JSON.stringify(states)}`);
  let heapPeak = process.memoryUsage().heapUsed;
  const pure: Row[] = [
    await measure(`index ${OPEN} open invoices`, RUNS, () => {
      const index = indexOpenInvoices(invoices);
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      return `${index.bySymbol.size} symbols`;
    }),
    await measure(`index them and pair ${LINES} lines`, RUNS, () => {
      const pairings = pairStatement(lines, invoices);
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      return `${pairings.filter((pairing) => pairing.state === 'ready').length} ready`;
    }),
  ];
  const memory = retainedByPairing(invoices, lines, heapPeak);

  const bench = await openBench(cleanup, progress);
  const db = await openMigratedPool(bench, { max: 4 });
  const filled = performance.now();
  const knownAmount = await fill(db);
  progress(`filled ${DOCUMENTS} invoices and 10 000 payments in ${Math.round(performance.now() - filled)} ms`);
  const payers = Array.from({ length: PAYERS }, (_, n) => ibanOf(n));
  const queries: Row[] = [
    await measure(
      'open invoices of the company',
      RUNS,
      async () => `${(await openInvoicesOf(db, company)).length} open`,
    ),
    await measure(`open invoices with ${PAYERS} payers' accounts`, RUNS, async () => {
      const open = await openInvoicesOf(db, company, payers);
      return `${open.filter((invoice) => invoice.partnerIbans.length > 0).length} with a known account`;
    }),
    await measure('pairing search: a partner', RUNS, async () => {
      return `${(await searchInvoicesToPair(db, company, 'partner 12')).length} found`;
    }),
    await measure('pairing search: an amount', RUNS, async () => {
      return `${(await searchInvoicesToPair(db, company, knownAmount)).length} found`;
    }),
  ];

  const rows = [...pure, ...queries];
  const paired = pure[1]!.latency;
  const table = [
    `Pairing: ${LINES} lines against ${OPEN} open invoices; queries over ${DOCUMENTS} mirrored invoices (${timestamp})`,
    '',
    '| step | p50 | p95 | max | note |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.step} | ${r.latency.p50} ms | ${r.latency.p95} ms | ${r.latency.max} ms | ${r.note} |`),
    '',
    `Memory: the index and the pairings retain ${memory.retainedMb} MB (heap peak while timing ${memory.peakMb} MB). Lines: ${JSON.stringify(states)}.`,
    `Aim: pairing under ${AIM_MS} ms: ${paired.p95 < AIM_MS ? 'met' : 'missed'} (p95 ${paired.p95} ms).`,
  ].join('\n');
  const figures = { timestamp, lines: LINES, open: OPEN, documents: DOCUMENTS, rows, states, memory };
  publish('pairing', figures, table, progress);
  return paired.p95 < AIM_MS ? 0 : 1;
});

/** Writes the company's invoices and payments; answers one invoice's total, as a user types it (decimal comma). */
async function fill(db: Parameters<typeof upsertDocuments>[0]): Promise<string> {
  const random = seededRandom(22);
  let page: ReturnType<typeof documentRow>[] = [];
  const numbers: string[] = [];
  let firstTotal = '';
  for (let n = 0; n < DOCUMENTS; n += 1) {
    const total = random.int(1_000, 500_000) / 100;
    if (n === 1) firstTotal = total.toFixed(2);
    const status = [0, 1, 3, 1][n % 4]!;
    const partner = random.int(0, 3_999);
    numbers.push(`OF${symbolOf(n)}`);
    page.push(
      documentRow(
        'invoices',
        invoiceSchema.parse({
          id: 1_000_000 + n,
          documentNumber: `OF${symbolOf(n)}`,
          variableSymbol: symbolOf(n),
          invoiceType: n % 10 === 0 ? 1 : n % 5 === 0 ? 2 : 0,
          partner: {
            address: { businessName: `Partner ${partner} s.r.o.` },
            registrationId: String(40_000_000 + partner),
          },
          issueDate: `${dayOf(random.int(0, 360))}T00:00:00`,
          lastModifiedTimestamp: '2026-12-01T08:00:00',
          paymentStatus: status,
          prices: { currency: 'EUR', documentPrices: { totalPriceInclVat: total } },
          sumForPayment: status === 1 ? 0 : status === 3 ? Math.round(total * 50) / 100 : total,
          items: [{ name: 'Tovar' }, { name: 'Služba' }],
        }),
      ),
    );
    if (page.length === 500) {
      await upsertDocuments(db, company, page);
      page = [];
    }
  }
  if (page.length > 0) await upsertDocuments(db, company, page);
  const payments = Array.from({ length: 10_000 }, (_, n) =>
    paymentRow(
      paymentSchema.parse({
        id: n + 1,
        accountId: 1,
        dateOfPayment: '2026-06-01T00:00:00',
        sumOfPayment: 10,
        iban: ibanOf(n % (PAYERS * 2)),
        documentNumber: numbers[random.int(0, numbers.length - 1)],
      }),
      String(n + 1),
    ),
  );
  for (let at = 0; at < payments.length; at += 500) await upsertPayments(db, company, payments.slice(at, at + 500));
  return firstTotal.replace('.', ',');
}
