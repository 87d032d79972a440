import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import type { Db } from '@/lib/platform/db/client';
import { deliveryNoteSchema } from '@/lib/service/schemas/delivery-note';
import { type Expense, expenseSchema } from '@/lib/service/schemas/expense';
import { type Invoice, invoiceSchema } from '@/lib/service/schemas/invoice';

/**
 * Invoices and expenses of a few partners, as the service lists them (parsed by our schemas, stored as a sync stores
 * them), on a fixed day: enough to say by hand what each partner's balances, ageing and statement must be.
 */

export const TODAY = '2026-06-30';

type Spec = {
  id: number | string;
  number: string;
  partner: string | null;
  ico?: string | null;
  issue: string;
  due?: string | null;
  /** In the document's currency; EUR by default, where it is the EUR total too. */
  total: number;
  /** EUR (legislative) total of a document in another currency. */
  eur?: number;
  currency?: string;
  /** 0 not paid, 1 paid, 2 overpaid, 3 partially paid. */
  status?: number;
  /** What is left to pay (the record's sumForPayment); without it the sync derives it. */
  due_?: number;
  payments?: { date: string; amount: number }[];
  invoiceType?: number;
  documentType?: number;
  address?: { street?: string; postCode?: string; city?: string };
};

const day = (value: string | null | undefined) => (value ? `${value}T00:00:00` : null);

function common(spec: Spec) {
  const currency = spec.currency ?? 'EUR';
  return {
    documentNumber: spec.number,
    partner:
      spec.partner === null && !spec.ico
        ? null
        : {
            address: { businessName: spec.partner, ...spec.address },
            registrationId: spec.ico ?? null,
            taxId: spec.ico ? `20${spec.ico.replace(/\s/g, '')}` : null,
          },
    issueDate: day(spec.issue),
    dueDate: day(spec.due),
    lastModifiedTimestamp: `${spec.issue}T08:00:00`,
    paymentStatus: spec.status ?? 0,
    prices: {
      currency,
      documentPrices: { totalPriceInclVat: spec.total },
      legislativePrices: { totalPriceInclVat: spec.eur ?? spec.total },
    },
    ...(spec.due_ === undefined ? {} : { sumForPayment: spec.due_ }),
  };
}

export const invoiceOf = (spec: Spec): Invoice =>
  invoiceSchema.parse({
    ...common(spec),
    id: spec.id,
    invoiceType: spec.invoiceType ?? 0,
    payments: spec.payments?.map((payment) => ({ date: day(payment.date), amount: payment.amount })) ?? [],
  });

export const expenseOf = (spec: Spec): Expense =>
  expenseSchema.parse({ ...common(spec), id: String(spec.id), documentType: spec.documentType ?? 10 });

/** Stores a company's documents as a sync would. */
export async function store(
  db: Db,
  company: MirrorCompany,
  documents: { invoices?: Invoice[]; expenses?: Expense[]; deliveryNotes?: Spec[] },
): Promise<void> {
  await upsertDocuments(db, company, [
    ...(documents.invoices ?? []).map((record) => documentRow('invoices', record)),
    ...(documents.expenses ?? []).map((record) => documentRow('expenses', record)),
    ...(documents.deliveryNotes ?? []).map((spec) =>
      documentRow(
        'deliveryNotes',
        deliveryNoteSchema.parse({ ...common(spec), id: spec.id, paymentStatus: undefined, dueDate: undefined }),
      ),
    ),
  ]);
}

export const companyA: MirrorCompany = { pluginId: 'plugin-partners', tenantId: '501' };
export const companyB: MirrorCompany = { pluginId: 'plugin-partners', tenantId: '502' };

/** Hruška: one IČO written two ways, three spellings of its name; invoices, a credit note, two expenses. */
export const HRUSKA = 'ico:36123456';
/** Jablko: no IČO, two spellings of one name; an invoice in CZK and one in EUR. */
export const JABLKO = 'name:jablkosro';
/** Edge: invoices due 0, 1, 30, 31, 60, 61, 90 and 91 days before TODAY, 1, 2, 4 … 128 EUR each. */
export const EDGE = 'ico:11111111';

/** The days before TODAY (2026-06-30) each of Edge's invoices fell due, with its amount. */
export const EDGE_DAYS: [string, number, number][] = [
  ['2026-06-30', 0, 1],
  ['2026-06-29', 1, 2],
  ['2026-05-31', 30, 4],
  ['2026-05-30', 31, 8],
  ['2026-05-01', 60, 16],
  ['2026-04-30', 61, 32],
  ['2026-04-01', 90, 64],
  ['2026-03-31', 91, 128],
];

export async function storePartners(db: Db): Promise<void> {
  await store(db, companyA, {
    invoices: [
      invoiceOf({
        id: 100,
        number: 'OF2026000100',
        partner: 'Hruška, s.r.o.',
        ico: '36 123 456',
        issue: '2026-01-05',
        due: '2026-01-19',
        total: 100,
        status: 1,
        due_: 0,
        payments: [{ date: '2026-02-01', amount: 100 }],
      }),
      invoiceOf({
        id: 101,
        number: 'OF2026000101',
        partner: 'Hruška, s.r.o.',
        ico: '36123456',
        issue: '2026-01-10',
        due: '2026-01-24',
        total: 120,
      }),
      invoiceOf({
        id: 102,
        number: 'OF2026000102',
        partner: 'HRUŠKA s.r.o.',
        ico: '36123456',
        issue: '2026-05-01',
        due: '2026-05-31',
        total: 200,
        status: 3,
        due_: 150,
        payments: [{ date: '2026-05-10', amount: 50 }],
      }),
      // A credit note: negative, past its due day and unpaid, yet never overdue.
      invoiceOf({
        id: 103,
        number: 'DB2026000001',
        partner: 'Hruška, s.r.o.',
        ico: '36123456',
        issue: '2026-06-01',
        due: '2026-06-15',
        total: -30,
        invoiceType: 1,
      }),
      invoiceOf({
        id: 200,
        number: 'OF2026000200',
        partner: 'Jablko, s.r.o.',
        issue: '2026-04-10',
        due: '2026-04-24',
        total: 2500,
        eur: 99.8,
        currency: 'CZK',
        status: 3,
        due_: 1234.56,
        payments: [{ date: '2026-04-20', amount: 1265.44 }],
      }),
      invoiceOf({
        id: 201,
        number: 'OF2026000201',
        partner: 'JABLKO s. r. o.',
        issue: '2026-06-25',
        due: '2026-07-09',
        total: 10.5,
      }),
      ...EDGE_DAYS.map(([due, , amount], index) =>
        invoiceOf({
          id: 300 + index,
          number: `OF20260003${String(index).padStart(2, '0')}`,
          partner: 'Edge a.s.',
          ico: '11111111',
          issue: '2026-01-02',
          due,
          total: amount,
        }),
      ),
    ],
    expenses: [
      expenseOf({
        id: 'e0',
        number: 'PF2026000010',
        partner: 'Hruška s.r.o.',
        ico: '36123456',
        issue: '2026-03-01',
        due: '2026-03-15',
        total: 40,
        status: 1,
      }),
      expenseOf({
        id: 'e1',
        number: 'PF2026000011',
        partner: 'Hruška, s. r. o.',
        ico: '36123456',
        issue: '2026-06-20',
        due: '2026-07-15',
        total: 80,
        address: { street: 'Hlavná 1', postCode: '811 01', city: 'Bratislava' },
      }),
    ],
    // Delivery notes are no debts: their partner is not listed.
    deliveryNotes: [
      { id: 900, number: 'DL2026000001', partner: 'Len dodák s.r.o.', ico: '99999999', issue: '2026-06-01', total: 5 },
    ],
  });
  // Another company: the same IČO, and a partner of its own.
  await store(db, companyB, {
    invoices: [
      invoiceOf({
        id: 100,
        number: 'OF2026000100',
        partner: 'Hruška',
        ico: '36123456',
        issue: '2026-01-05',
        total: 999,
      }),
      invoiceOf({
        id: 101,
        number: 'OF2026000101',
        partner: 'Cudzia s.r.o.',
        ico: '22222222',
        issue: '2026-01-05',
        total: 7,
      }),
    ],
  });
}
