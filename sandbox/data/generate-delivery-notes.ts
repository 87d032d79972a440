import { type Day, DAY_MS, dayOf, recordDate, recordTimestamp } from './calendar';
import type { CompanyProfile } from './company-profile';
import { workingTime } from './generate-catalog';
import { generateLines, isVatFree } from './generate-lines';
import { type LineItem, pricesOf } from './money';
import { createNumbering } from './numbering';
import { type Random, volumeOr } from './random';
import type { CatalogItem, Partner, StoredDeliveryNote, StoredInvoice } from './types';

interface Draft {
  day: Day;
  partner: Partner;
  items: LineItem[];
  orderNumber: string | null;
  invoice?: StoredInvoice;
}

/**
 * Delivery notes: about half were invoiced later (same partner, lines and order number, linked from the invoice's
 * linkedDocuments), the rest are recent and not invoiced yet. Always in EUR: goods leave the warehouse at home.
 */
export function generateDeliveryNotes(
  random: Random,
  profile: CompanyProfile,
  catalog: readonly CatalogItem[],
  invoices: readonly StoredInvoice[],
  today: Day,
  volume?: number,
): StoredDeliveryNote[] {
  const count = volumeOr(random, 60, 90, volume);
  const candidates = invoices.filter(
    (i) =>
      i.record.invoiceType === 0 && i.record.prices.currency === 'EUR' && i.details.items.some((line) => line.itemCode),
  );
  const drafts: Draft[] = [];
  const taken = new Set<number>();
  while (drafts.length < count) {
    const invoice = random.chance(0.55) && taken.size < candidates.length ? random.pick(candidates) : undefined;
    if (invoice) {
      if (taken.has(invoice.record.id)) continue;
      taken.add(invoice.record.id);
      drafts.push({
        day: dayOf(Date.parse(`${invoice.record.deliveryDate}Z`)),
        partner: invoice.record.partner,
        items: invoice.details.items.filter((line) => line.itemCode),
        orderNumber: invoice.record.orderNumber,
        invoice,
      });
    } else {
      const partner = random.pick(profile.customers);
      const options = { theme: profile.theme, catalog, currency: 'EUR' as const, vatFree: isVatFree(partner) };
      drafts.push({
        day: today - Math.floor(120 * random.next() ** 1.5),
        partner,
        items: generateLines(random, options, random.int(1, 5)),
        orderNumber: random.chance(0.5) ? `OBJ-${random.digits(6)}` : null,
      });
    }
  }

  drafts.sort((a, b) => a.day - b.day);
  const nextNumber = createNumbering(random);
  const codes = profile.sequences.delivery;
  let id = random.int(1_000_000, 9_000_000) * 10 + 5;
  return drafts.map((draft) => {
    const code = codes.length > 1 && random.chance(0.2) ? (codes[1] as string) : (codes[0] as string);
    const documentNumber = nextNumber(code, draft.day);
    const note: StoredDeliveryNote = {
      record: {
        id: (id += random.int(1, 5)),
        documentNumber,
        numberingSequence: code,
        partner: draft.partner,
        issueDate: recordDate(draft.day),
        deliveryDate: recordDate(draft.day),
        lastModifiedTimestamp: recordTimestamp(
          Math.min(today, draft.day + random.int(0, 3)) * DAY_MS + workingTime(random),
        ),
        orderNumber: draft.orderNumber,
        externalId: random.chance(0.15) ? `pos-${random.digits(6)}` : null,
        prices: pricesOf(draft.items, 'EUR'),
        tags: random.chance(0.3) ? [random.pick(profile.theme.tags)] : [],
        internalNote: random.chance(0.1) ? 'Tovar prevzal vodič' : null,
      },
      items: draft.items,
    };
    draft.invoice?.details.linkedDocuments.push({ documentType: 'deliveryNote', id: note.record.id, documentNumber });
    return note;
  });
}
