import 'server-only';

import { cache } from 'react';

import { requireCompany } from '@/lib/doors/company/page';
import { loadDeliveryNotePage, loadExpensePage, loadInvoicePage } from '@/lib/features/documents/detail-loads';

/**
 * One document for its page, loaded once per request: the page and its title (generateMetadata) share the load and
 * its deadline, so a title can name the document and a document the service does not have is "not found" in both.
 * From the company's mirror when it holds the document, else from the service (lib/features/documents/detail-loads.ts).
 */

export const invoiceForPage = cache(async (tenantId: string, id: string) =>
  loadInvoicePage(await requireCompany(tenantId), id),
);

export const deliveryNoteForPage = cache(async (tenantId: string, id: string) =>
  loadDeliveryNotePage(await requireCompany(tenantId), id),
);

/** The expense and, side by side, its attachments' metadata; attachments that cannot be listed leave the expense standing. */
export const expenseForPage = cache(async (tenantId: string, id: string) =>
  loadExpensePage(await requireCompany(tenantId), id),
);
