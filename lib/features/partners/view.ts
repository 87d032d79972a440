import { ownSearchParams, type SearchParams } from '@/lib/base/http/search-params';
import { parsePartnerSort, type PartnerSort, partnerSorts } from '@/lib/features/partners/queries/sort';
import type { ListView } from '@/lib/service/records/list-view';
import {
  DEFAULT_PAGE_SIZE,
  inFormOrder,
  LIST_PARAMETERS,
  plainSkipOf,
  readListParameters,
} from '@/lib/service/records/list-view-kit';

/**
 * The partners list's view as its address states it (the contract: `q`, `sort`, `Top`, `Skip`, as the document
 * lists), checked before anything is read: a value the list cannot mean is named (in the form's order) and nothing is
 * queried. Unlike the document lists, an unknown `sort` is not silently the default: it is explained. Pure.
 */

/** The list's own parameters, in the order a mistake in them is explained. */
export const PARTNERS_PARAMETERS = LIST_PARAMETERS;
export type PartnersParameter = (typeof PARTNERS_PARAMETERS)[number];

export type PartnersListView = {
  /** As typed ('' when unset). */
  q: string;
  /** The `sort` parameter as given ('' for the default order). */
  sort: string;
  top: number;
  skip: number;
} & ({ ok: true; order: PartnerSort } | { ok: false; invalid: PartnersParameter[] });

export function parsePartnersView(given: SearchParams): PartnersListView {
  const params = ownSearchParams(given);
  const { q, sort, top, skip: rawSkip, refused: invalid } = readListParameters(params, ['q']);
  const order = parsePartnerSort(sort);
  if (order === null) invalid.add('sort');
  // A plain whole offset, as the stock's.
  const skip = plainSkipOf(rawSkip);
  if (skip === null) invalid.add('Skip');
  const base = {
    q,
    sort: order === null ? sort : sort === '' ? '' : partnerSorts.param(order),
    top: top ?? DEFAULT_PAGE_SIZE,
    skip: skip ?? 0,
  };
  if (invalid.size > 0) return { ...base, ok: false, invalid: inFormOrder(PARTNERS_PARAMETERS, invalid) };
  return { ...base, ok: true, order: order ?? partnerSorts.defaultSort };
}

/**
 * The same view as the document lists' paging reads one (lib/service/records/list-view.ts `listHref`, the pager of
 * lib/features/documents/pages.ts): a list without filters. So the partners list pages, keeps its page size and
 * writes its addresses exactly as the document lists do.
 */
export function asListView(view: PartnersListView): ListView<never> {
  const shared = {
    values: {},
    q: view.q,
    sort: view.sort,
    top: view.top,
    skip: view.skip,
    filtered: false,
    canonical: null,
  };
  return view.ok ? { ...shared, ok: true, query: {} } : { ...shared, ok: false, invalid: view.invalid };
}

/**
 * A partner's key as its address carries it: Next hands a dynamic segment over as the address wrote it or decoded
 * (it differs by version and by where it is read), and a key never holds '%' itself. Null for anything that cannot
 * be a key (lib/owners/mirror/partner-key.ts: `ico:` and 6–10 digits, or `name:` and letters or digits).
 */
export function partnerKeyFromAddress(segment: string): string | null {
  let key = segment;
  if (key.includes('%')) {
    try {
      key = decodeURIComponent(key);
    } catch {
      return null;
    }
  }
  return /^(ico:\d{6,10}|name:[\p{L}\p{N}]{1,1000})$/u.test(key) ? key : null;
}

/** A statement's address: a company's partners and one segment below. */
const statementPage = /^\/companies\/[^/]+\/partners\/([^/]+)$/;

/**
 * True for a statement's address whose segment cannot be a partner's key. Pages stream (their status is fixed before
 * they look at anything), so the proxy answers such an address 404 itself, as it does a document's (lib/service/ids.ts);
 * the page shows the not-found view. A key that could be one but that no document names is known only by the copy:
 * the page shows the same view in place.
 */
export function isMalformedPartnerPage(pathname: string): boolean {
  const match = statementPage.exec(pathname);
  // The list's exports stand beside the statements (route handlers, never a page).
  if (match === null || /^export\.(csv|xlsx)$/.test(match[1]!)) return false;
  return partnerKeyFromAddress(match[1]!) === null;
}
