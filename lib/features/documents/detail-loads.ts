import 'server-only';

import type { CompanyPage } from '@/lib/doors/company/company-page';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { MirroredRecord } from '@/lib/owners/mirror/document-row';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { getEnv } from '@/lib/platform/env';
import { type Loaded, problemOf } from '@/lib/platform/http/page-problem';
import type { DataApiClient } from '@/lib/service/client';
import { isDataApiError } from '@/lib/service/errors';
import { listOrEmpty } from '@/lib/service/records/list-or-empty';
import type { Attachment } from '@/lib/service/schemas/attachment';
import type { DeliveryNote } from '@/lib/service/schemas/delivery-note';
import type { Expense } from '@/lib/service/schemas/expense';
import type { Invoice } from '@/lib/service/schemas/invoice';

import { loadInvoiceDetail } from './invoice-detail';
import { mirroredDocument } from './queries';

/**
 * What a document's page shows, from the company's mirror when it is ready and holds the document as completely as the
 * service's single record (lib/features/documents/queries/detail.ts), else from the service as before: the mirror does
 * not know a document created since its last sync, and the service's 404 stays the page's "not found". The record is
 * parsed by the same schema either way, so the page renders it alike. Files (attachments, PDFs, previews) are always
 * the service's. `door` is the company's page door (lib/doors/company/page.ts).
 */

export type DetailDoor = Pick<CompanyPage, 'scope' | 'read' | 'load' | 'connection'>;

async function fromMirror<K extends DocumentKind>(
  door: DetailDoor,
  kind: K,
  id: string,
): Promise<MirroredRecord[K] | null> {
  if (!getEnv().mirrorSync) return null;
  // A user whose own token the service refused meets what the service says (the connection was removed), as the
  // lists do, never the copy.
  if ((await door.connection()).state !== 'connected') return null;
  return door.read((db, scope) => mirroredDocument(db, mirrorCompanyOf(scope), kind, id));
}

/** The invoice with its items, VAT breakdown, payments and linked documents. */
export async function loadInvoicePage(door: DetailDoor, id: string): Promise<Loaded<Invoice>> {
  const mirrored = await fromMirror(door, 'invoices', id);
  if (mirrored) return { ok: true, value: mirrored };
  return door.load(async ({ client }) => loadInvoiceDetail(await client(), id));
}

/** The delivery note with its items. */
export async function loadDeliveryNotePage(door: DetailDoor, id: string): Promise<Loaded<DeliveryNote>> {
  const mirrored = await fromMirror(door, 'deliveryNotes', id);
  if (mirrored) return { ok: true, value: mirrored };
  return door.load(async ({ client }) => (await client()).deliveryNotes.get(id));
}

export type ExpensePage = { expense: Expense; attachments: Loaded<Attachment[]> };

/**
 * The expense (with its journal) and, side by side, its attachments' metadata, which are always asked of the
 * service; attachments that cannot be listed leave the expense standing, whichever way it came.
 */
export async function loadExpensePage(door: DetailDoor, id: string): Promise<Loaded<ExpensePage>> {
  const mirrored = await fromMirror(door, 'expenses', id);
  return door.load(async ({ client }) => {
    const [expense, attachments] = await Promise.all([
      mirrored ?? client().then((api) => api.expenses.get(id)),
      attachmentsOf(client, id),
    ]);
    return { expense, attachments };
  });
}

function attachmentsOf(client: () => Promise<DataApiClient>, id: string): Promise<Loaded<Attachment[]>> {
  return client()
    .then((api) => listOrEmpty(api.attachments.list(id)))
    .then(
      (value): Loaded<Attachment[]> => ({ ok: true, value }),
      (error: unknown): Loaded<Attachment[]> => {
        if (isDataApiError(error)) return { ok: false, problem: problemOf(error) };
        throw error;
      },
    );
}
