import { type Day, DAY_MS, isoDay, recordDate, recordTimestamp } from './calendar';
import { type CompanyProfile, EXPENSE_SEQUENCES } from './company-profile';
import { workingTime } from './generate-catalog';
import { priceIn } from './generate-lines';
import { generatePartner } from './generate-partner';
import { type LineItem, lineItem, pricesOf, splitAmount } from './money';
import { createNumbering } from './numbering';
import { type Random, volumeOr } from './random';
import { commonSuppliers, internalCategories, journalTag, type SupplierSpec, themeSuppliers } from './suppliers';
import type { AttachmentSpec, ExpenseType, Partner, PaymentStatus, StoredExpense } from './types';

/** Share of documents with a scan attached, per document type. */
const ATTACHMENT_SHARE: Readonly<Record<ExpenseType, number>> = {
  10: 0.85,
  11: 0.7,
  13: 0.3,
  14: 0.2,
  15: 0.8,
  17: 0.8,
  19: 0.8,
};
const INVOICE_LIKE = new Set<ExpenseType>([10, 15, 17, 19]);

function statusFor(random: Random, type: ExpenseType, dueDay: Day | undefined, today: Day): PaymentStatus {
  if (type === 11 || type === 14) return 1;
  if (type === 13) return 0;
  if (type === 17 || dueDay === undefined)
    return random.weighted<PaymentStatus>([
      [1, 70],
      [0, 30],
    ]);
  if (dueDay >= today)
    return random.weighted<PaymentStatus>([
      [0, 65],
      [1, 30],
      [3, 5],
    ]);
  return random.weighted<PaymentStatus>([
    [1, 75],
    [0, 13],
    [3, 8],
    [2, 4],
  ]);
}

function attachmentsFor(
  random: Random,
  type: ExpenseType,
  documentId: string,
  number: string,
  day: Day,
  received: Day,
): AttachmentSpec[] {
  const created = (n: number) => recordTimestamp((received + n) * DAY_MS + workingTime(random));
  const photo = type === 11 && random.chance(0.4);
  const first: AttachmentSpec = photo
    ? {
        id: random.uuid(),
        documentId,
        fileName: `foto-blocku-${isoDay(day)}.png`,
        contentType: 'image/png',
        createdTimestamp: created(0),
      }
    : {
        id: random.uuid(),
        documentId,
        // Non-ASCII names occur (Slovak users name files in Slovak): clients must encode them in downloads.
        fileName:
          type === 11 ? `účtenka-${isoDay(day)}.pdf` : type === 14 ? `výpis-${isoDay(day)}.pdf` : `${number}.pdf`,
        contentType: 'application/pdf',
        createdTimestamp: created(0),
      };
  const list = [first];
  if (random.chance(0.25)) {
    list.push({
      id: random.uuid(),
      documentId,
      fileName: random.pick(['peciatka.png', 'sken-2.png']),
      contentType: 'image/png',
      createdTimestamp: created(1),
    });
  }
  return list;
}

/** Who a company's expenses come from: the same partners for generated documents and for those created later. */
export interface ExpenseSources {
  partners: ReadonlyMap<string, Partner>;
  /** The company's own bank, the partner on bank notices. */
  bank: Partner;
  invoiceSuppliers: readonly SupplierSpec[];
  shops: readonly SupplierSpec[];
}

/** Draws the partners first thing from the expenses' stream: a fresh stream of the same seed gives them again. */
export function expenseSources(random: Random, profile: CompanyProfile): ExpenseSources {
  const suppliers = [...commonSuppliers, ...(themeSuppliers[profile.theme.key] ?? [])];
  const partners = new Map<string, Partner>(
    suppliers.map((spec) => [spec.name, generatePartner(random, { country: spec.country, businessName: spec.name })]),
  );
  const bank = generatePartner(random, { country: 'SK', businessName: profile.ownBank.bankName });
  return {
    partners,
    bank,
    invoiceSuppliers: suppliers.filter((spec) => !spec.receipts),
    shops: suppliers.filter((spec) => spec.receipts),
  };
}

export const expenseType = (random: Random) =>
  random.weighted<ExpenseType>([
    [10, 45],
    [11, 20],
    [13, 8],
    [14, 10],
    [15, 6],
    [17, 6],
    [19, 5],
  ]);

export function generateExpenses(
  random: Random,
  profile: CompanyProfile,
  today: Day,
  volume?: number,
): StoredExpense[] {
  const sources = expenseSources(random, profile);
  const drafts = Array.from({ length: volumeOr(random, 150, 200, volume) }, () => ({
    type: expenseType(random),
    day: today - Math.floor(420 * random.next() ** 1.3),
  })).sort((a, b) => a.day - b.day);
  const nextNumber = createNumbering(random);
  return drafts.map(({ type, day }) => generateExpense(random, sources, { type, day, today, number: nextNumber }));
}

export interface ExpenseDraft {
  type: ExpenseType;
  /** The issue day. */
  day: Day;
  /** The day payment states and receipt days are reckoned from. */
  today: Day;
  /** The document number in a sequence on a day (drawn at its place in the stream, as generation always did). */
  number: (code: string, day: Day) => string;
}

/** One expense of the given type and day, its supplier, lines and states drawn from `random`. */
export function generateExpense(
  random: Random,
  { partners, bank, invoiceSuppliers, shops }: ExpenseSources,
  { type, day, today, number }: ExpenseDraft,
): StoredExpense {
  const spec: SupplierSpec | undefined =
    type === 13 || type === 14 ? undefined : random.pick(type === 11 ? shops : invoiceSuppliers);
  const currency = spec?.currency ?? 'EUR';
  const sign = type === 17 ? -1 : 1;
  const categories = spec?.categories ?? (type === 14 ? ['Bankové poplatky'] : internalCategories);
  const lines: LineItem[] = Array.from(
    {
      length:
        type === 14
          ? 1
          : random.weighted([
              [1, 60],
              [2, 28],
              [3, 12],
            ]),
    },
    () => {
      const [min, max] = type === 14 ? [2, 25] : (spec?.range ?? [20, 400]);
      return lineItem({
        name: random.pick(categories),
        quantity: sign,
        unit: 'ks',
        unitPrice: priceIn(currency, min + random.next() * (max - min)),
        // Advance (proforma) invoices, bank notices and internal documents carry no VAT.
        vatRate: type === 15 || !spec ? 0 : spec.vatRate,
      });
    },
  );
  const prices = pricesOf(lines, currency);
  const id = random.uuid();
  const [code] = EXPENSE_SEQUENCES[type] ?? ['DF'];
  const documentNumber = number(code, day);
  const dueDay = INVOICE_LIKE.has(type) && random.chance(0.85) ? day + random.pick([14, 14, 30]) : undefined;
  const receivedDay = INVOICE_LIKE.has(type) ? Math.min(today, day + random.int(0, 6)) : day;
  const paymentStatus = statusFor(random, type, dueDay, today);
  const hasAttachments = random.chance(ATTACHMENT_SHARE[type]);
  const legislative = splitAmount(
    prices.legislativePrices.totalPrice,
    lines.map((line) => line.totalPrice),
  );

  return {
    record: {
      id,
      documentNumber,
      numberingSequence: code,
      documentType: type,
      partner: spec ? (partners.get(spec.name) ?? null) : type === 14 ? bank : null,
      issueDate: recordDate(day),
      deliveryDate: recordDate(type === 10 || type === 19 ? day - random.int(0, 3) : day),
      ...(dueDay === undefined ? {} : { dueDate: recordDate(dueDay) }),
      receivedDate: recordDate(receivedDay),
      lastModifiedTimestamp: recordTimestamp(
        Math.min(today, receivedDay + random.int(0, 5)) * DAY_MS + workingTime(random),
      ),
      paymentStatus,
      paymentType:
        type === 11
          ? random.weighted([
              [3, 60],
              [2, 40],
            ])
          : type === 13 || type === 14
            ? 1
            : random.weighted([
                [1, 85],
                [4, 5],
                [2, 10],
              ]),
      hasAttachments,
      tags: random.chance(0.35) ? [random.pick(['réžia', 'prevádzka', 'investícia', 'auto'])] : [],
      prices,
      variableSymbol: INVOICE_LIKE.has(type) ? random.digits(10) : null,
      internalNote: random.chance(0.1)
        ? random.pick(['Schválil konateľ', 'Refakturovať klientovi', 'Skontrolovať DPH'])
        : null,
    },
    journalItems: lines.map((line, i) => ({
      description: line.name,
      tags: [journalTag(line.name)],
      totalPrice: line.totalPrice,
      legislativeTotalPrice: legislative[i] ?? 0,
    })),
    lines,
    attachments: hasAttachments ? attachmentsFor(random, type, id, documentNumber, day, receivedDay) : [],
  };
}
