import 'server-only';

import { and, inArray, isNotNull, sql } from 'drizzle-orm';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { mirroredReference } from '@/lib/owners/mirror/reference';
import { documentsOf } from '@/lib/owners/mirror/rows';
import type { Db } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';
import { numberingSequenceSchema } from '@/lib/service/schemas/reference';

/**
 * What an invoice import (issue 21, lib/features/imports/invoices/context.ts) checks a sheet against, from the
 * company's mirror: its numbering sequences of regular invoices, the numbers its invoices already have, and the
 * partners they name.
 */

export type InvoiceSequences = { codes: string[]; defaultCode: string | null };

/**
 * The company's sequences a regular invoice may be numbered in: those the service lists for invoices (`evidence`
 * `invoices` where the record says it) of document type 0 (regular) or none said; the default one is the one marked
 * `isDefault` (none when no record says it: the service then numbers by its own default). Null when the list was
 * never mirrored.
 */
export async function invoiceSequencesOf(db: Db, company: MirrorCompany): Promise<InvoiceSequences | null> {
  const data = await mirroredReference(db, company, 'numberingSequences');
  if (data === null) return null;
  const sequences = data.flatMap((entry) => {
    const parsed = numberingSequenceSchema.safeParse(entry);
    if (!parsed.success || !parsed.data.code?.trim()) return [];
    const { code, evidence, documentType, isDefault } = parsed.data as typeof parsed.data & {
      evidence?: unknown;
      isDefault?: unknown;
    };
    if (evidence !== undefined && evidence !== null && evidence !== 'invoices') return [];
    if (documentType !== undefined && documentType !== null && Number(documentType) !== 0) return [];
    return [{ code: code!.trim(), isDefault: isDefault === true }];
  });
  return {
    codes: sequences.map((sequence) => sequence.code),
    defaultCode: sequences.find((sequence) => sequence.isDefault)?.code ?? null,
  };
}

export type IssuedInvoiceKey = { id: string; numberingSequence: string; documentNumber: string };

/** Every mirrored issued invoice's id, sequence (as its record names it; '' when it does not) and number. */
export async function issuedInvoiceKeysOf(db: Db, company: MirrorCompany): Promise<IssuedInvoiceKey[]> {
  const d = mirrorDocuments;
  return db
    .select({
      id: d.id,
      numberingSequence: sql<string>`coalesce(btrim(${d.record} ->> 'numberingSequence'), '')`,
      documentNumber: sql<string>`${d.documentNumber}`,
    })
    .from(d)
    .where(and(documentsOf(company, 'invoices'), isNotNull(d.documentNumber)));
}

export type InvoicePartner = { name: string; registrationId: string | null; email: string | null };

/** The partners the company's mirrored invoices name: each name, IČO and e-mail once. */
export async function invoicePartnersOf(db: Db, company: MirrorCompany): Promise<InvoicePartner[]> {
  const d = mirrorDocuments;
  const registrationId = sql<string | null>`nullif(btrim(${d.record} -> 'partner' ->> 'registrationId'), '')`;
  const email = sql<string | null>`nullif(lower(btrim(${d.record} -> 'partner' ->> 'email')), '')`;
  return db
    .selectDistinct({ name: sql<string>`${d.partnerName}`, registrationId, email })
    .from(d)
    .where(and(documentsOf(company, 'invoices'), isNotNull(d.partnerName)));
}

/** An invoice an import would overwrite, as the mirror has it: its total (in its currency) and how it is paid. */
export type OverwrittenInvoice = {
  id: string;
  currency: string | null;
  /** Incl. VAT, in the invoice's currency (exact decimal). */
  total: string | null;
  /** 0 not paid, 1 fully paid, 2 overpaid, 3 partially paid (the record's paymentStatus); null: not said. */
  paymentStatus: number | null;
  /** What is left to pay, in its currency. */
  amountDue: string | null;
};

/** The company's mirrored issued invoices of these ids (an import's lines whose number the company has). */
export async function invoicesToOverwrite(
  db: Db,
  company: MirrorCompany,
  ids: readonly string[],
): Promise<OverwrittenInvoice[]> {
  if (ids.length === 0) return [];
  const d = mirrorDocuments;
  return db
    .select({
      id: d.id,
      currency: d.currency,
      total: sql<string | null>`coalesce(${d.totalInclVatCurrency}, ${d.totalInclVat})::text`,
      paymentStatus: d.paymentStatus,
      amountDue: sql<string | null>`${d.amountDue}::text`,
    })
    .from(d)
    .where(and(documentsOf(company, 'invoices'), inArray(d.id, [...ids])));
}
