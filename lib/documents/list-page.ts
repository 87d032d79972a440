import 'server-only';
import { redirect } from 'next/navigation';
import { requireCompany } from '@/lib/company/page';
import type { Loaded } from '@/lib/company/page-load';
import { getEnv } from '@/lib/env';
import { mirrorCompanyOf } from '@/lib/mirror/company';
import { mirrorStatus, type MirrorStatus } from '@/lib/mirror/status';
import type { DataApiClient } from '@/lib/service/client';
import type { NumberingSequence } from '@/lib/service/schemas/reference';
import { parseListView, type ListKind, type ListView, type SearchParams } from './filters';
import { companyToday } from '@/lib/company/calendar';
import { listOrEmpty } from './list-or-empty';
import { numberingSequencesFor } from './load';
import { companyPath } from './present';

const segmentOf: Record<ListKind, string> = {
  invoices: 'invoices',
  expenses: 'expenses',
  deliveryNotes: 'delivery-notes',
};

export type ListPage<K extends ListKind, R> = {
  view: ListView<K>;
  /** The list's own address, without query. */
  path: string;
  /** This very view's address (the retry link). */
  href: string;
  sequences: NumberingSequence[] | null;
  /** Null when the view is invalid: nothing was asked of the service. */
  loaded: Loaded<R[]> | null;
  /** The company's synchronized copy, how fresh it is (null while MIRROR_SYNC is off). */
  mirror: MirrorStatus | null;
  today: string;
};

/**
 * Everything a list page needs, for one data-API call: the company check, the view from the URL (a URL with blank
 * parameters is redirected to its tidy form first), the numbering sequences for the form (cached), and the page of
 * records, or the problem that prevented it.
 */
export async function loadListPage<K extends ListKind, R>(
  kind: K,
  tenantId: string,
  searchParams: SearchParams,
  read: (client: DataApiClient, query: Record<string, string>) => Promise<R[]>,
): Promise<ListPage<K, R>> {
  const company = await requireCompany(tenantId);
  const path = companyPath(tenantId, segmentOf[kind]);
  const view = parseListView(kind, searchParams);
  if (view.canonical !== null) redirect(view.canonical ? `${path}?${view.canonical}` : path);

  const search = new URLSearchParams(
    Object.entries(searchParams).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
  );
  const href = search.size > 0 ? `${path}?${search}` : path;
  const today = companyToday(new Date());
  const sequencesOf = (open: () => Promise<DataApiClient>) => numberingSequencesFor(company.scope, open);
  // Read beside the page's data, never before it.
  const mirrorRead = getEnv().mirrorSync
    ? company.read((db, scope) => mirrorStatus(db, mirrorCompanyOf(scope)))
    : Promise.resolve(null);

  if (!view.ok) {
    // Nothing is asked of the service but the form's sequences.
    const [known, mirror] = await Promise.all([company.load(({ client }) => sequencesOf(client)), mirrorRead]);
    return { view, path, href, sequences: known.ok ? known.value : null, loaded: null, today, mirror };
  }

  let sequences: NumberingSequence[] | null = null;
  const loadedNow = company.load(async ({ client }) => {
    const [records, known] = await Promise.all([listOrEmpty(read(await client(), view.query)), sequencesOf(client)]);
    sequences = known;
    return records;
  });
  const [loaded, mirror] = await Promise.all([loadedNow, mirrorRead]);
  return { view, path, href, sequences, loaded, today, mirror };
}
