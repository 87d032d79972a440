import { listMirrored, type MirrorView } from '@/lib/features/documents/queries';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { documentRow, type MirroredRecord } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import type { Db } from '@/lib/platform/db/client';
import { type Invoice, invoiceSchema } from '@/lib/service/schemas/invoice';

/** Stores records in a company's mirror as a sync would (the same rows, search text included). */
export async function mirrorRecords<K extends DocumentKind>(
  db: Db,
  company: MirrorCompany,
  kind: K,
  records: readonly MirroredRecord[K][],
): Promise<void> {
  await upsertDocuments(
    db,
    company,
    records.map((record) => documentRow(kind, record)),
  );
}

/** Every record a view covers, page after page (100 at a time). */
export async function everyMirrored<K extends DocumentKind>(
  db: Db,
  company: MirrorCompany,
  kind: K,
  view: Omit<MirrorView<K>, 'top' | 'skip'>,
): Promise<MirroredRecord[K][]> {
  const all: MirroredRecord[K][] = [];
  for (let skip = 0; ; skip += 100) {
    const { records } = await listMirrored(db, company, kind, { ...view, top: 100, skip });
    all.push(...records);
    if (records.length < 100) return all;
  }
}

export const idsOf = (records: readonly { id: number | string }[]) => records.map((record) => String(record.id));

type InvoiceSpec = {
  id: number;
  number: string | null;
  partner?: string | null;
  ico?: string;
  dic?: string;
  icDph?: string;
  variableSymbol?: string;
  orderNumber?: string;
  issue: string;
  due?: string | null;
  paid?: number;
  currency?: string;
  /** EUR excl. and incl. VAT (legislative), and incl. VAT in the document's currency. */
  totals?: [string, string, string?] | null;
  items?: string[];
};

/** An invoice as the service lists it, parsed by our schema, from the few fields a test cares about. */
export function invoice(spec: InvoiceSpec): Invoice {
  const [exclVat, inclVat, inCurrency] = spec.totals ?? [];
  return invoiceSchema.parse({
    id: spec.id,
    documentNumber: spec.number,
    numberingSequence: spec.number?.slice(0, 2) ?? null,
    variableSymbol: spec.variableSymbol ?? null,
    orderNumber: spec.orderNumber ?? null,
    partner:
      spec.partner === undefined && !spec.ico
        ? null
        : {
            address: { businessName: spec.partner ?? null },
            registrationId: spec.ico ?? null,
            taxId: spec.dic ?? null,
            vatId: spec.icDph ?? null,
          },
    issueDate: `${spec.issue}T00:00:00`,
    dueDate: spec.due ? `${spec.due}T00:00:00` : null,
    lastModifiedTimestamp: `${spec.issue}T08:00:00`,
    paymentStatus: spec.paid ?? 0,
    prices:
      spec.totals === null
        ? null
        : {
            currency: spec.currency ?? 'EUR',
            documentPrices: { totalPriceInclVat: Number(inCurrency ?? inclVat ?? '0') },
            legislativePrices: { totalPrice: Number(exclVat ?? '0'), totalPriceInclVat: Number(inclVat ?? '0') },
          },
    items: (spec.items ?? []).map((name) => ({ name })),
  });
}
