/**
 * Documents changing over time, as a live company's do: existing ones edited (an invoice paid, a due date moved, a
 * note rewritten), new ones issued, some deleted. Every edited or new document is stamped with the sandbox's now, so a
 * sync by LastModifiedTimestamp finds exactly them; deleted ones leave the lists and their single GETs answer 404.
 * Each batch draws from its own stream (`{tenant}/changes/{n}`), so the same batches on the same data replay alike.
 */
import { type Day, dayOf, isoDay, notLaterThan, parseTimestamp, recordDate, recordTimestamp } from '../data/calendar';
import { type CompanyData, noteChange } from '../data/company-data';
import { expenseSources, expenseType, generateExpense } from '../data/generate-expenses';
import { currencyFor, generateLines, isVatFree } from '../data/generate-lines';
import { nextDocumentNumber } from '../data/numbering';
import { createRandom, type Random } from '../data/random';
import type { PaymentStatus, StoredDeliveryNote, StoredExpense, StoredInvoice } from '../data/types';
import { addPayment, upsertDeliveryNote, upsertInvoice } from './apply-uploads';
import { deliveryNoteInput, invoiceInput } from './upload-schemas';

export const RECORD_KINDS = ['invoices', 'expenses', 'deliveryNotes'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** How many documents of one kind a batch edits, creates and deletes (each 0 when left out). */
export interface KindChanges {
  changed?: number;
  created?: number;
  deleted?: number;
}
export type ChangeSpec = Partial<Record<RecordKind, KindChanges>>;

/** The ids a batch touched, per kind: edited, created, deleted. */
export interface KindReport<Id> {
  changed: Id[];
  created: Id[];
  deleted: Id[];
}

export interface ChangeReport {
  /** The lastModifiedTimestamp every edited and created document now carries. */
  timestamp: string;
  invoices: KindReport<number>;
  expenses: KindReport<string>;
  deliveryNotes: KindReport<number>;
}

const NOTES = ['Overené účtovníkom', 'Zákazník žiada kópiu', 'Doplnené číslo objednávky', 'Opravená adresa'];
const CHECKED_TAG = 'skontrolované';

/** Applies one batch: deletions first, then edits of surviving documents, then new documents. */
export function changeRecords(company: CompanyData, spec: ChangeSpec, nowMs: number): ChangeReport {
  const random = createRandom(`${company.profile.tenantId}/changes/${company.changeBatches}`);
  company.changeBatches += 1;
  const report: ChangeReport = {
    timestamp: recordTimestamp(nowMs),
    invoices: changeKind(random, company.invoices, spec.invoices, {
      id: (i) => i.record.id,
      change: (i) => changeInvoice(company, i, random, nowMs),
      create: () => createInvoice(company, random, nowMs),
    }),
    expenses: changeKind(random, company.expenses, spec.expenses, {
      id: (e) => e.record.id,
      change: (e) => changeExpense(e, random, nowMs),
      create: () => createExpense(company, random, nowMs),
    }),
    deliveryNotes: changeKind(random, company.deliveryNotes, spec.deliveryNotes, {
      id: (n) => n.record.id,
      change: (n) => changeDeliveryNote(n, random, nowMs),
      create: () => createDeliveryNote(company, random, nowMs),
    }),
  };
  noteChange(company);
  return report;
}

interface KindOperations<T, Id> {
  id: (item: T) => Id;
  change: (item: T) => void;
  /** Makes one new document and adds it to the company. */
  create: () => T;
}

function changeKind<T, Id>(
  random: Random,
  items: T[],
  counts: KindChanges = {},
  operations: KindOperations<T, Id>,
): KindReport<Id> {
  const deleted = sample(random, items, counts.deleted ?? 0);
  const gone = new Set(deleted);
  let kept = 0;
  for (const item of items) if (!gone.has(item)) items[kept++] = item;
  items.length = kept;
  const changed = sample(random, items, counts.changed ?? 0);
  for (const item of changed) operations.change(item);
  const created = Array.from({ length: counts.created ?? 0 }, () => operations.create());
  return {
    changed: changed.map(operations.id),
    created: created.map(operations.id),
    deleted: deleted.map(operations.id),
  };
}

/** `count` distinct items (all when there are fewer), by a partial Fisher–Yates shuffle of their positions. */
function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const positions = Array.from(items.keys());
  const n = Math.min(count, positions.length);
  for (let i = 0; i < n; i += 1) {
    const j = random.int(i, positions.length - 1);
    [positions[i], positions[j]] = [positions[j] as number, positions[i] as number];
  }
  return positions.slice(0, n).map((position) => items[position] as T);
}

const isOpen = (status: PaymentStatus) => status === 0 || status === 3;
const otherNote = (random: Random, current: string | null) => random.pick(NOTES.filter((note) => note !== current));
const postponed = (random: Random, due: string) =>
  recordDate(dayOf(parseTimestamp(due) ?? 0) + random.pick([7, 14, 30]));

/** An open invoice is paid in full (a payment to the bank account) or given more time; a settled one gets a note. */
function changeInvoice(company: CompanyData, invoice: StoredInvoice, random: Random, nowMs: number): void {
  const record = invoice.record;
  if (isOpen(record.paymentStatus) && record.sumForPayment !== 0 && random.chance(0.6)) {
    const bank = company.accounts.filter((a) => a.type === 'bank');
    const account = bank.find((a) => a.currency === record.prices.currency) ?? bank[0];
    const payment = {
      dateOfPayment: isoDay(dayOf(nowMs)),
      sumOfPayment: record.sumForPayment,
      variableSymbol: record.variableSymbol,
      accountId: account?.id ?? null,
      paymentType: 1 as const,
    };
    addPayment(company, payment, nowMs, invoice);
  } else if (isOpen(record.paymentStatus)) record.dueDate = postponed(random, record.dueDate);
  else record.internalNote = otherNote(random, record.internalNote);
  record.lastModifiedTimestamp = recordTimestamp(nowMs);
}

function changeExpense(expense: StoredExpense, random: Random, nowMs: number): void {
  const record = expense.record;
  if (isOpen(record.paymentStatus) && random.chance(0.6)) record.paymentStatus = 1;
  else if (isOpen(record.paymentStatus) && record.dueDate !== undefined)
    record.dueDate = postponed(random, record.dueDate);
  else record.internalNote = otherNote(random, record.internalNote);
  record.lastModifiedTimestamp = recordTimestamp(nowMs);
}

function changeDeliveryNote(note: StoredDeliveryNote, random: Random, nowMs: number): void {
  const record = note.record;
  if (random.chance(0.5)) {
    record.tags = record.tags.includes(CHECKED_TAG)
      ? record.tags.filter((tag) => tag !== CHECKED_TAG)
      : [...record.tags, CHECKED_TAG];
  } else record.internalNote = otherNote(random, record.internalNote);
  record.lastModifiedTimestamp = recordTimestamp(nowMs);
}

/** A regular invoice issued today to one of the company's customers, numbered next in its default sequence. */
function createInvoice(company: CompanyData, random: Random, nowMs: number): StoredInvoice {
  const { profile } = company;
  const partner = random.pick(profile.customers);
  const currency = currencyFor(random, partner);
  const lineOptions = { theme: profile.theme, catalog: company.catalogItems, currency, vatFree: isVatFree(partner) };
  const day = dayOf(nowMs);
  // The generated lines in the upload's shape: the quantity and the line's total including VAT.
  const items = generateLines(random, lineOptions, random.int(1, 4)).map((line) => ({
    name: line.name,
    itemCode: line.itemCode,
    warehouseCode: line.warehouseCode,
    amount: line.quantity,
    measureUnit: line.unit,
    vatRate: line.vatRate,
    totalPriceInclVat: line.totalPriceInclVat,
  }));
  const input = {
    partner,
    currency,
    items,
    issueDate: isoDay(day),
    deliveryDate: isoDay(day),
    dueDate: isoDay(day + random.pick([14, 14, 30])),
    tags: random.chance(0.3) ? [random.pick(profile.theme.tags)] : [],
  };
  // Through the upload's own schema and path: numbered, priced and stored as an uploaded invoice would be.
  return upsertInvoice(company, invoiceInput.parse(input), nowMs);
}

/** An expense received today from one of the suppliers its generated expenses come from. */
function createExpense(company: CompanyData, random: Random, nowMs: number): StoredExpense {
  const { profile } = company;
  // The expenses' own stream again: its first draws are the suppliers, so they come out as generated.
  const sources = expenseSources(createRandom(`${profile.tenantId}/expenses`), profile);
  const day = dayOf(nowMs);
  const number = (code: string, on: Day) =>
    nextDocumentNumber(
      company.expenses.filter((e) => e.record.numberingSequence === code).map((e) => e.record.documentNumber),
      code,
      Number(isoDay(on).slice(0, 4)),
    );
  const expense = generateExpense(random, sources, { type: expenseType(random), day, today: day, number });
  expense.record.lastModifiedTimestamp = recordTimestamp(nowMs);
  for (const attachment of expense.attachments)
    attachment.createdTimestamp = notLaterThan(attachment.createdTimestamp, nowMs);
  company.expenses.push(expense);
  return expense;
}

/** Goods delivered today, in EUR as every delivery note of the sandbox. */
function createDeliveryNote(company: CompanyData, random: Random, nowMs: number): StoredDeliveryNote {
  const { profile } = company;
  const partner = random.pick(profile.customers);
  const lineOptions = {
    theme: profile.theme,
    catalog: company.catalogItems,
    currency: 'EUR' as const,
    vatFree: isVatFree(partner),
  };
  const day = isoDay(dayOf(nowMs));
  const input = {
    partner,
    items: generateLines(random, lineOptions, random.int(1, 4)),
    issueDate: day,
    deliveryDate: day,
    orderNumber: random.chance(0.5) ? `OBJ-${random.digits(6)}` : null,
  };
  return upsertDeliveryNote(company, deliveryNoteInput.parse(input), nowMs);
}
