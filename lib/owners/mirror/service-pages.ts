import 'server-only';

import type { DataApiClient } from '@/lib/service/client';
import { invoiceExtendedFields } from '@/lib/service/queries';

import type { MirroredRecord } from './document-row';
import { inTurn } from './in-turn';
import type { DocumentKind } from './kinds';

/** The interface's largest page: the fewest calls for a company's documents. */
export const PAGE_SIZE = 100;

export type PageQuery = {
  skip: number;
  /** Only records changed at or after this moment (the list's LastModifiedTimestamp). */
  changedSince?: string;
  /** The records as lists give them, without the extended parts: enough to learn which ids exist. */
  idsOnly?: boolean;
};

type PageReader<K extends DocumentKind> = (client: DataApiClient, query: PageQuery) => Promise<MirroredRecord[K][]>;

/**
 * One page of a kind, through the company's client. Invoices come with every extended part and delivery notes with
 * their items, so one call carries full records; expenses' lists have no extended parts (their journal is only on
 * the single record).
 */
const readers: { [K in DocumentKind]: PageReader<K> } = {
  invoices: (client, { skip, changedSince, idsOnly }) =>
    client.invoices.list({
      Top: PAGE_SIZE,
      Skip: skip,
      LastModifiedTimestamp: changedSince,
      ExtendedFields: idsOnly ? undefined : [...invoiceExtendedFields],
    }),
  expenses: (client, { skip, changedSince }) =>
    client.expenses.list({ Top: PAGE_SIZE, Skip: skip, LastModifiedTimestamp: changedSince }),
  deliveryNotes: (client, { skip, changedSince, idsOnly }) =>
    client.deliveryNotes.list({
      Top: PAGE_SIZE,
      Skip: skip,
      LastModifiedTimestamp: changedSince,
      ExtendedFields: idsOnly ? undefined : ['Items'],
    }),
};

export function readPage<K extends DocumentKind>(
  client: DataApiClient,
  kind: K,
  query: PageQuery,
): Promise<MirroredRecord[K][]> {
  return readers[kind](client, query);
}

/**
 * Every page of a kind from `from` on, one call each, until a page shorter than the page size (the service gives no
 * total). The signal is looked at before each call, so a stopped sync ends between pages. Each call waits its turn
 * (inTurn): a busy token delays the pages, it does not fail them.
 */
export async function* pagesOf<K extends DocumentKind>(
  client: DataApiClient,
  kind: K,
  { from = 0, signal, ...query }: Omit<PageQuery, 'skip'> & { from?: number; signal?: AbortSignal },
): AsyncGenerator<{ skip: number; records: MirroredRecord[K][]; last: boolean }> {
  for (let skip = from; ; skip += PAGE_SIZE) {
    signal?.throwIfAborted();
    const records = await inTurn(() => readPage(client, kind, { ...query, skip }), signal);
    const last = records.length < PAGE_SIZE;
    yield { skip, records, last };
    if (last) return;
  }
}
