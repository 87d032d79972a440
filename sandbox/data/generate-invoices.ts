import { type Day, DAY_MS, recordDate, recordTimestamp } from './calendar';
import type { CompanyProfile } from './company-profile';
import { workingTime } from './generate-catalog';
import { currencyFor, generateLines, isVatFree, priceIn } from './generate-lines';
import { type LineItem, lineItem, pricesOf, round2, sumAmounts, vatBreakdownsOf } from './money';
import { createNumbering, variableSymbolOf } from './numbering';
import { type Random, volumeOr } from './random';
import type { CatalogItem, DocumentPayment, InvoiceType, PaymentStatus, StoredInvoice } from './types';

const NOTES = ['Zavolať pred dodaním', 'Zákazník žiada papierovú faktúru', 'Upomienka odoslaná', 'Dohodnutá splátka'];

/** Days before `today`, denser towards the present, as a live company's books are. */
function ageInDays(random: Random): number {
  return Math.floor(420 * random.next() ** 1.4);
}

function statusFor(random: Random, type: InvoiceType, dueDay: Day, today: Day): PaymentStatus {
  if (type === 1)
    return random.weighted<PaymentStatus>([
      [1, 80],
      [0, 20],
    ]);
  if (dueDay >= today)
    return random.weighted<PaymentStatus>([
      [0, 70],
      [1, 20],
      [3, 10],
    ]);
  // Past due: most are paid; what is not (0 and 3) is overdue.
  return random.weighted<PaymentStatus>([
    [1, 70],
    [0, 15],
    [3, 9],
    [2, 6],
  ]);
}

function paymentsFor(
  random: Random,
  status: PaymentStatus,
  total: number,
  issueDay: Day,
  dueDay: Day,
  today: Day,
  profile: CompanyProfile,
  currency: string,
): DocumentPayment[] {
  if (status === 0) return [];
  const amounts =
    status === 1
      ? random.chance(0.2) && Math.abs(total) > 20
        ? [round2(total / 2), round2(total - round2(total / 2))]
        : [total]
      : status === 2
        ? [round2(total + Math.max(1, round2((total * random.int(2, 15)) / 100)))]
        : [round2((total * random.int(20, 80)) / 100)];
  const bank = profile.accounts.find((a) => a.type === 'bank' && a.currency === currency) ?? profile.accounts[0];
  const cash = profile.accounts.find((a) => a.type === 'cash');
  return amounts.map((amount) => {
    const day = Math.max(issueDay, Math.min(today, issueDay + random.int(0, dueDay - issueDay + 20)));
    const type = random.weighted([
      [1, 70],
      [3, cash ? 15 : 0],
      [2, 15],
    ]);
    // A tenth were entered on the document only, without an account: GET /api/payments does not list those.
    const accountId = random.chance(0.1) ? null : type === 3 ? (cash?.id ?? null) : (bank?.id ?? null);
    return { date: recordDate(day), amount, paymentType: type, accountId };
  });
}

export function generateInvoices(
  random: Random,
  profile: CompanyProfile,
  catalog: readonly CatalogItem[],
  today: Day,
  volume?: number,
): StoredInvoice[] {
  const ages = Array.from({ length: volumeOr(random, 250, 320, volume) }, () => ageInDays(random)).sort(
    (a, b) => b - a,
  );
  const nextNumber = createNumbering(random);
  const invoices: StoredInvoice[] = [];
  // Regular invoices in issue order, kept apart so that picking a recent one stays cheap in large companies.
  const allRegulars: StoredInvoice[] = [];
  const openAdvances = new Map<string, StoredInvoice>();
  let id = random.int(1_000_000, 9_000_000) * 10;

  for (const age of ages) {
    const issueDay = today - age;
    const regulars = allRegulars.slice(-60);
    let type = random.weighted<InvoiceType>([
      [0, 80],
      [2, 10],
      [1, 10],
    ]);
    if (type === 1 && regulars.length === 0) type = 0;
    const source = type === 1 ? random.pick(regulars) : undefined;
    const partner = source?.record.partner ?? random.pick(profile.customers);
    const currency = source?.record.prices.currency ?? currencyFor(random, partner);
    const useEshop = type === 0 && profile.sequences.eshop !== null && random.chance(0.2);
    const code =
      type === 1
        ? profile.sequences.credit
        : type === 2
          ? profile.sequences.advance
          : useEshop
            ? (profile.sequences.eshop as string)
            : profile.sequences.regular;
    const documentNumber = nextNumber(code, issueDay);
    const orderNumber = useEshop
      ? `E${random.digits(7)}`
      : random.chance(0.4)
        ? `OBJ-${documentNumber.slice(code.length, code.length + 4)}-${random.digits(4)}`
        : null;

    let items: LineItem[];
    if (source) {
      // A credit note returns part of what an earlier invoice charged: same lines, negative quantities.
      items = source.details.items.slice(0, random.int(1, Math.min(2, source.details.items.length))).map((line) =>
        lineItem({
          ...line,
          quantity: -Math.max(1, Math.round((Math.abs(line.quantity) * random.int(20, 100)) / 100)),
        }),
      );
    } else if (type === 2) {
      const amount = priceIn(currency, random.int(5, 150) * 10);
      items = [
        lineItem({
          name: `Záloha podľa objednávky ${orderNumber ?? documentNumber}`,
          quantity: 1,
          unit: 'ks',
          unitPrice: amount,
          vatRate: 0,
        }),
      ];
    } else {
      const lines = random.weighted([
        [1, 30],
        [2, 25],
        [3, 20],
        [4, 12],
        [5, 8],
        [6, 5],
      ]);
      items = generateLines(random, { theme: profile.theme, catalog, currency, vatFree: isVatFree(partner) }, lines);
    }

    const prices = pricesOf(items, currency);
    const total = prices.documentPrices.totalPriceInclVat;
    const dueDay =
      issueDay +
      (type === 1
        ? 14
        : random.weighted([
            [7, 15],
            [14, 50],
            [30, 25],
            [60, 10],
          ]));
    const paymentStatus = statusFor(random, type, dueDay, today);
    const payments = paymentsFor(random, paymentStatus, total, issueDay, dueDay, today, profile, currency);
    const sumOfPayments = sumAmounts(payments.map((p) => p.amount));
    const lastDay = Math.max(issueDay, ...payments.map((p) => Math.floor(Date.parse(`${p.date}Z`) / DAY_MS)));
    const tags = random.chance(0.5) ? [random.pick(profile.theme.tags)] : [];
    if (useEshop && !tags.includes('e-shop')) tags.push('e-shop');
    if (partner.address.country !== 'SK') tags.push('export');

    const invoice: StoredInvoice = {
      record: {
        id: (id += random.int(1, 7)),
        documentNumber,
        numberingSequence: code,
        variableSymbol: variableSymbolOf(documentNumber),
        orderNumber,
        externalId: useEshop ? `eshop-${random.digits(6)}` : random.chance(0.1) ? `ext-${random.digits(8)}` : null,
        invoiceType: type,
        partner,
        issueDate: recordDate(issueDay),
        deliveryDate: recordDate(type === 0 ? issueDay - random.int(0, 3) : issueDay),
        dueDate: recordDate(dueDay),
        lastModifiedTimestamp: recordTimestamp(
          Math.min(today, lastDay + random.int(0, 2)) * DAY_MS + workingTime(random),
        ),
        paymentStatus,
        prices,
        sumOfPayments,
        sumForPayment: round2(total - sumOfPayments),
        tags,
        bankAccount: profile.ownBank,
        internalNote: random.chance(0.15) ? random.pick(NOTES) : null,
      },
      details: { items, vatBreakdowns: vatBreakdownsOf(items), payments, linkedDocuments: [] },
    };

    const links = invoice.details.linkedDocuments;
    if (source) {
      links.push({ documentType: 'invoice', id: source.record.id, documentNumber: source.record.documentNumber });
      source.details.linkedDocuments.push({ documentType: 'creditNote', id: invoice.record.id, documentNumber });
    }
    const partnerKey = partner.address.businessName ?? '';
    const advance = openAdvances.get(partnerKey);
    if (type === 0 && advance && random.chance(0.6)) {
      // The final invoice settles the advance the customer paid before.
      links.push({
        documentType: 'advanceInvoice',
        id: advance.record.id,
        documentNumber: advance.record.documentNumber,
      });
      advance.details.linkedDocuments.push({ documentType: 'invoice', id: invoice.record.id, documentNumber });
      openAdvances.delete(partnerKey);
    }
    if (type === 2 && paymentStatus === 1) openAdvances.set(partnerKey, invoice);
    if (type === 0) allRegulars.push(invoice);
    invoices.push(invoice);
  }
  return invoices;
}
