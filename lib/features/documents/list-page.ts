import 'server-only';

import { redirect } from 'next/navigation';

import { companyToday } from '@/lib/base/calendar';
import type { SearchParams } from '@/lib/base/http/search-params';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { MirroredRecord } from '@/lib/owners/mirror/document-row';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import { mirroredReference } from '@/lib/owners/mirror/reference';
import { mirrorSearchesPartly, mirrorServesKind, type MirrorStatus, mirrorStatus } from '@/lib/owners/mirror/status';
import { getEnv } from '@/lib/platform/env';
import type { Loaded } from '@/lib/platform/http/page-problem';
import type { DataApiClient } from '@/lib/service/client';
import { listOrEmpty } from '@/lib/service/records/list-or-empty';
import { type ListKind, type ListView, parseListView } from '@/lib/service/records/list-view';
import { kindPath } from '@/lib/service/records/present';
import type { SortParam } from '@/lib/service/records/sort-param';
import { type NumberingSequence, numberingSequenceSchema } from '@/lib/service/schemas/reference';

import { numberingSequencesFor } from './load';
import { mirrorViewOf } from './mirror-view';
import { type FieldHighlight, listMirrored, type MirroredTotals, totalsOfMirrored } from './queries';

/** What the company's mirror adds to a list it answers: the whole view's totals, the search's marks, the order. */
export type MirroredPage = {
  totals: MirroredTotals;
  /** Per record id, where the search matched. */
  highlights: Record<string, FieldHighlight[]>;
  /** The order applied, for the column headers. */
  sort: SortParam;
};

export type ListPage<K extends ListKind, R> = {
  view: ListView<K>;
  /** The list's own address, without query. */
  path: string;
  /** This very view's address (the retry link). */
  href: string;
  sequences: NumberingSequence[] | null;
  /**
   * Null when nothing was asked: the view is invalid, or it searches while the company's mirror cannot answer
   * (`searchWaits`).
   */
  loaded: Loaded<R[]> | null;
  /** The company's synchronized copy, how fresh it is (null while MIRROR_SYNC is off). */
  mirror: MirrorStatus | null;
  /** Set when the mirror answered the list (else it was a live call to the service). */
  mirrored: MirroredPage | null;
  /** Whether the company's mirror answers this page, or a search of it (partly), so its search box works. */
  searchable: boolean;
  /**
   * Set when the mirror answered a search of a kind not yet read whole (during the first full sync): the results are
   * partial, of the `read` documents copied so far (mirrorSearchesPartly).
   */
  partial: { read: number } | null;
  /** The view has a search, which only the mirror answers, and the mirror is not ready (or not kept at all). */
  searchWaits: boolean;
  today: string;
};

/**
 * Everything a list page of the company its door let in needs: the view from the URL (a URL with blank parameters is redirected
 * to its tidy form first), and the page of records, or the problem that prevented it. Once the kind was read whole
 * (readinessOf: during the first full sync, once its last page is in), the mirror answers (search, sort, totals; no call to the service at all); before, one data-API
 * call does, as it always did, with the numbering sequences for the form (cached), and a search reads what the copy
 * holds so far, marked partial (it is never sent to the service, which cannot search).
 */
export async function loadListPage<K extends ListKind, R>(
  kind: K,
  company: CompanyPage,
  searchParams: SearchParams,
  read: (client: DataApiClient, query: Record<string, string>) => Promise<R[]>,
): Promise<ListPage<K, R>> {
  const { tenantId } = company.scope;
  const path = kindPath(tenantId, kind);
  const view = parseListView(kind, searchParams);
  if (view.canonical !== null) redirect(view.canonical ? `${path}?${view.canonical}` : path);

  const search = new URLSearchParams(
    Object.entries(searchParams).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
  );
  const href = search.size > 0 ? `${path}?${search}` : path;
  const today = companyToday(new Date());
  const shown = { view, path, href, today };

  const mirror = await servingMirror(company, kind);
  const searched = view.ok && view.q.trim() !== '';
  if (mirror.serves || (searched && mirror.partly)) {
    const [answer, sequences] = await Promise.all([
      view.ok ? readMirror(company, kind, view, today) : null,
      mirroredSequences(company),
    ]);
    return {
      ...shown,
      sequences,
      loaded: answer && { ok: true, value: answer.records as R[] },
      mirror: mirror.status,
      mirrored: answer?.mirrored ?? null,
      searchable: true,
      partial: mirror.serves ? null : { read: mirror.status!.progress[kind].read },
      searchWaits: false,
    };
  }

  const live = { ...shown, mirror: mirror.status, mirrored: null, searchable: mirror.partly, partial: null };
  const sequencesOf = (open: () => Promise<DataApiClient>) => numberingSequencesFor(company.scope, open);
  const searchWaits = searched;
  if (!view.ok || searchWaits) {
    // Nothing is asked of the service but the form's sequences.
    const known = await company.load(({ client }) => sequencesOf(client));
    return { ...live, sequences: known.ok ? known.value : null, loaded: null, searchWaits };
  }
  let sequences: NumberingSequence[] | null = null;
  const loaded = await company.load(async ({ client }) => {
    const [records, known] = await Promise.all([listOrEmpty(read(await client(), view.query)), sequencesOf(client)]);
    sequences = known;
    return records;
  });
  return { ...live, sequences, loaded, searchWaits: false };
}

/**
 * The company's mirror and whether it answers this page: MIRROR_SYNC on, the kind ready (mirrorServesKind), and the
 * user's own connection working: a user whose token the service refused sees what a live call would show them (the
 * connection was removed), never the copy. `partly`: it does not, but it answers a search of what is already copied
 * (mirrorSearchesPartly), on the same condition of the user's connection.
 */
async function servingMirror(
  company: CompanyPage,
  kind: DocumentKind,
): Promise<{ status: MirrorStatus | null; serves: boolean; partly: boolean }> {
  if (!getEnv().mirrorSync) return { status: null, serves: false, partly: false };
  // A sync this very view asked for (a stale copy) is "updating…" too (CompanyPage.viewNoted).
  await company.viewNoted;
  const [status, connection] = await Promise.all([
    company.read((db, scope) => mirrorStatus(db, mirrorCompanyOf(scope))),
    company.connection(),
  ]);
  const connected = connection.state === 'connected';
  const serves = mirrorServesKind(status, kind) && connected;
  return { status, serves, partly: !serves && connected && mirrorSearchesPartly(status, kind) };
}

async function readMirror<K extends ListKind>(
  company: CompanyPage,
  kind: K,
  view: ListView<K> & { ok: true },
  today: string,
): Promise<{ records: MirroredRecord[DocumentKind][]; mirrored: MirroredPage }> {
  const asked = { ...mirrorViewOf(view), today };
  return company.read(async (db, scope) => {
    const mirrorCompany = mirrorCompanyOf(scope);
    const [list, totals] = await Promise.all([
      listMirrored(db, mirrorCompany, kind, asked),
      totalsOfMirrored(db, mirrorCompany, kind, asked),
    ]);
    return { records: list.records, mirrored: { totals, highlights: list.highlights, sort: list.sort } };
  });
}

/** The form's numbering sequences as the company's last sync mirrored them (null: the form offers a text field). */
async function mirroredSequences(company: CompanyPage): Promise<NumberingSequence[] | null> {
  const data = await company.read((db, scope) => mirroredReference(db, mirrorCompanyOf(scope), 'numberingSequences'));
  if (data === null) return null;
  return data.flatMap((entry) => {
    const parsed = numberingSequenceSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
