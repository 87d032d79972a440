import 'server-only';
import { cache } from 'react';
import { requireCompany } from '@/lib/company/page';
import { problemOf, type Loaded } from '@/lib/company/page-load';
import { isDataApiError } from '@/lib/service/errors';
import type { Attachment } from '@/lib/service/schemas/attachment';
import { loadInvoiceDetail } from './invoice-detail';
import { listOrEmpty } from './list-or-empty';

/**
 * One document for its page, loaded once per request: the page and its title (generateMetadata) share the load and
 * its deadline, so a title can name the document and a document the service does not have is "not found" in both.
 */

export const invoiceForPage = cache(async (tenantId: string, id: string) =>
  (await requireCompany(tenantId)).load(async ({ client }) => loadInvoiceDetail(await client(), id)),
);

export const deliveryNoteForPage = cache(async (tenantId: string, id: string) =>
  (await requireCompany(tenantId)).load(async ({ client }) => (await client()).deliveryNotes.get(id)),
);

/** The expense and, side by side, its attachments' metadata; attachments that cannot be listed leave the expense standing. */
export const expenseForPage = cache(async (tenantId: string, id: string) =>
  (await requireCompany(tenantId)).load(async ({ client }) => {
    const api = await client();
    const [expense, attachments] = await Promise.all([
      api.expenses.get(id),
      listOrEmpty(api.attachments.list(id)).then(
        (value): Loaded<Attachment[]> => ({ ok: true, value }),
        (error: unknown): Loaded<Attachment[]> => {
          if (isDataApiError(error)) return { ok: false, problem: problemOf(error) };
          throw error;
        },
      ),
    ]);
    return { expense, attachments };
  }),
);
