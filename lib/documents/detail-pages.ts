import 'server-only';
import { cache } from 'react';
import { isDataApiError } from '@/lib/service/errors';
import type { Attachment } from '@/lib/service/schemas/attachment';
import { loadInvoiceDetail } from './invoice-detail';
import { listOrEmpty } from './list-or-empty';
import { loadForPage, openClient, problemOf, type Loaded } from './load';

/**
 * One document for its page, loaded once per request: the page and its title (generateMetadata) share the load and
 * its deadline, so a title can name the document and a document the service does not have is "not found" in both.
 * The caller has checked the company against the session.
 */

export const invoiceForPage = cache(async (userId: string, pluginId: string, tenantId: string, id: string) =>
  loadForPage(async (deadline) =>
    loadInvoiceDetail(await openClient({ userId, pluginId, tenantId }, { deadline }), id),
  ),
);

export const deliveryNoteForPage = cache(async (userId: string, pluginId: string, tenantId: string, id: string) =>
  loadForPage(async (deadline) =>
    (await openClient({ userId, pluginId, tenantId }, { deadline })).deliveryNotes.get(id),
  ),
);

/** The expense and, side by side, its attachments' metadata; attachments that cannot be listed leave the expense standing. */
export const expenseForPage = cache(async (userId: string, pluginId: string, tenantId: string, id: string) =>
  loadForPage(async (deadline) => {
    const client = await openClient({ userId, pluginId, tenantId }, { deadline });
    const [expense, attachments] = await Promise.all([
      client.expenses.get(id),
      listOrEmpty(client.attachments.list(id)).then(
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
