import 'server-only';

import type { Db } from '@/lib/platform/db/client';
import { getLogger } from '@/lib/platform/log';
import type { DataApiClient } from '@/lib/service/client';
import type { CatalogItem, Payment } from '@/lib/service/schemas/reference';

import { catalogItemRow, itemKeyOf } from './catalog-item-row';
import { deleteItems, itemsUnlisted, upsertCatalogItems } from './catalog-items';
import type { MirrorCompany } from './company';
import { documentRow } from './document-row';
import { deleteUnlisted, upsertDocuments } from './documents';
import { inTurn } from './in-turn';
import { DOCUMENT_KINDS, type DocumentKind, type SyncedKind } from './kinds';
import { writeSyncPage } from './page-guard';
import { paymentKeyOf, paymentRow } from './payment-row';
import { deletePaymentsUnlisted, upsertPayments } from './payments';
import { PAGE_SIZE, pagesOf } from './service-pages';

/** One page a sync read: where it started and where the next starts, its records' timestamps, and its write. */
export type StorePage = {
  skip: number;
  next: number;
  last: boolean;
  /** Records this page adds to the run's count (an overlapping page's repeats are not counted again). */
  read: number;
  timestamps: (string | null | undefined)[];
  write: (tx: Db) => Promise<void>;
};

export type PageOptions = { from?: number; changedSince?: string; signal?: AbortSignal };

/** How the sync reads, writes and prunes one kind (./full-sync.ts, ./incremental-sync.ts, ./reconcile.ts). */
export type KindStore = {
  pages(client: DataApiClient, company: MirrorCompany, options: PageOptions): AsyncGenerator<StorePage>;
  /** Removes what the service no longer lists; answers how many rows went. A refusal is thrown on. */
  removeUnlisted(db: Db, company: MirrorCompany, client: DataApiClient, signal?: AbortSignal): Promise<number>;
};

/** A page read, as the sync takes it: from `skip` to `next`, the `read` records it adds and the write of its rows. */
function storePage(
  page: { skip: number; last: boolean; records: readonly { lastModifiedTimestamp?: string | null }[] },
  next: number,
  read: number,
  write: StorePage['write'],
): StorePage {
  return {
    skip: page.skip,
    next,
    last: page.last,
    read,
    timestamps: page.records.map((record) => record.lastModifiedTimestamp),
    write,
  };
}

function documentStore(kind: DocumentKind): KindStore {
  return {
    async *pages(client, company, { from = 0, ...options }) {
      for await (const page of pagesOf(client, kind, { ...options, from })) {
        const rows = page.records.map((record) => documentRow(kind, record));
        const next = page.skip + page.records.length;
        yield storePage(page, next, page.records.length, (tx) => upsertDocuments(tx, company, rows));
      }
    },
    async removeUnlisted(db, company, client, signal) {
      const listed = new Set<string>();
      for await (const page of pagesOf(client, kind, { idsOnly: true, signal })) {
        for (const record of page.records) listed.add(String(record.id));
      }
      return deleteUnlisted(db, company, kind, listed);
    },
  };
}

/** A record without its key cannot be kept: logged by kind (never what it holds) and passed over. */
function keyed<T>(
  company: MirrorCompany,
  kind: SyncedKind,
  records: readonly T[],
  keyOf: (record: T) => string | null,
) {
  const kept = records.filter((record) => keyOf(record) !== null);
  if (kept.length < records.length) {
    getLogger().warn(
      { tenantId: company.tenantId, kind, skipped: records.length - kept.length },
      'mirror records skipped: listed without their key',
    );
  }
  return kept;
}

async function* paymentPages(
  client: DataApiClient,
  { from = 0, changedSince, signal }: PageOptions,
): AsyncGenerator<{ skip: number; records: Payment[]; last: boolean }> {
  for (let skip = from; ; skip += PAGE_SIZE) {
    signal?.throwIfAborted();
    const records = await inTurn(
      () => client.payments.list({ Top: PAGE_SIZE, Skip: skip, LastModifiedTimestamp: changedSince }),
      signal,
    );
    const last = records.length < PAGE_SIZE;
    yield { skip, records, last };
    if (last) return;
  }
}

const paymentStore: KindStore = {
  async *pages(client, company, options) {
    for await (const page of paymentPages(client, options)) {
      const rows = keyed(company, 'payments', page.records, paymentKeyOf).map((record) =>
        paymentRow(record, paymentKeyOf(record)!),
      );
      const next = page.skip + page.records.length;
      yield storePage(page, next, rows.length, (tx) => upsertPayments(tx, company, rows));
    }
  },
  async removeUnlisted(db, company, client, signal) {
    const listed = new Set<string>();
    for await (const page of paymentPages(client, { signal })) {
      for (const record of page.records) {
        const key = paymentKeyOf(record);
        if (key !== null) listed.add(key);
      }
    }
    return deletePaymentsUnlisted(db, company, listed);
  },
};

/**
 * Catalog pages overlap by this many items: the service's order of catalog items may not be stable between calls
 * (service-facts.md), so an item that moves back across a page's edge is still read, and one read twice counts once.
 */
export const CATALOG_OVERLAP = 10;

async function* catalogPages(
  client: DataApiClient,
  { from = 0, changedSince, signal }: PageOptions,
): AsyncGenerator<{ skip: number; next: number; records: CatalogItem[]; last: boolean }> {
  for (let skip = from; ; skip += PAGE_SIZE - CATALOG_OVERLAP) {
    signal?.throwIfAborted();
    const records = await inTurn(
      () => client.catalogItems.list({ Top: PAGE_SIZE, Skip: skip, CatalogItemChangedTimestamp: changedSince }),
      signal,
    );
    const last = records.length < PAGE_SIZE;
    yield { skip, next: skip + PAGE_SIZE - CATALOG_OVERLAP, records, last };
    if (last) return;
  }
}

/** Candidates for removal confirmed one by one (by `ItemCode`) per reconciliation, at most this many. */
export const CATALOG_REMOVALS_CHECKED = 50;

/** The page's items not met before in this pass (`seen`, updated), each once, as rows. */
function freshCatalogRows(company: MirrorCompany, records: readonly CatalogItem[], seen: Set<string>) {
  const fresh = new Map<string, CatalogItem>();
  for (const record of keyed(company, 'catalogItems', records, itemKeyOf)) {
    const key = itemKeyOf(record)!;
    if (!seen.has(key)) fresh.set(key, record);
  }
  for (const key of fresh.keys()) seen.add(key);
  return [...fresh].map(([key, record]) => catalogItemRow(record, key));
}

const catalogStore: KindStore = {
  async *pages(client, company, options) {
    const seen = new Set<string>();
    for await (const page of catalogPages(client, options)) {
      const rows = freshCatalogRows(company, page.records, seen);
      yield storePage(page, page.next, rows.length, (tx) => upsertCatalogItems(tx, company, rows));
    }
  },
  /**
   * The whole listing is written as it is read: whether a stock movement alone moves an item's
   * CatalogItemChangedTimestamp is not known, so quantities are brought up to date at least by every reconciliation.
   * An unstable order can leave an item out of a whole listing though it exists: an item the listing missed goes
   * only once the service, asked for its code alone, does not list it either.
   */
  async removeUnlisted(db, company, client, signal) {
    const seen = new Set<string>();
    for await (const page of catalogPages(client, { signal })) {
      const rows = freshCatalogRows(company, page.records, seen);
      await writeSyncPage(db, company, (tx) => upsertCatalogItems(tx, company, rows));
    }
    const gone: string[] = [];
    for (const itemCode of (await itemsUnlisted(db, company, seen)).slice(0, CATALOG_REMOVALS_CHECKED)) {
      const found = await inTurn(() => client.catalogItems.list({ ItemCode: itemCode, Top: PAGE_SIZE }), signal);
      if (!found.some((record) => itemKeyOf(record)?.toLowerCase() === itemCode.toLowerCase())) gone.push(itemCode);
    }
    return deleteItems(db, company, gone);
  },
};

export const KIND_STORES: Record<SyncedKind, KindStore> = {
  ...(Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, documentStore(kind)])) as Record<DocumentKind, KindStore>),
  payments: paymentStore,
  catalogItems: catalogStore,
};
