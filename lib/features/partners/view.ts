import { ownSearchParams, type SearchParams } from '@/lib/base/http/search-params';
import {
  DEFAULT_PARTNER_SORT,
  parsePartnerSort,
  type PartnerSort,
  partnerSortParam,
} from '@/lib/features/partners/queries/sort';
import { hasControlOrBidi } from '@/lib/service/queries';
import { DEFAULT_PAGE_SIZE, type ListView, PAGE_SIZES, SEARCH_MAX_LENGTH } from '@/lib/service/records/list-view';

/**
 * The partners list's view as its address states it (the contract: `q`, `sort`, `Top`, `Skip`, as the document
 * lists), checked before anything is read: a value the list cannot mean is named (in the form's order) and nothing is
 * queried. Unlike the document lists, an unknown `sort` is not silently the default: it is explained. Pure.
 */

/** The list's own parameters, in the order a mistake in them is explained. */
export const PARTNERS_PARAMETERS = ['q', 'sort', 'Top', 'Skip'] as const;
export type PartnersParameter = (typeof PARTNERS_PARAMETERS)[number];

export type PartnersListView = {
  /** As typed ('' when unset). */
  q: string;
  /** The `sort` parameter as given ('' for the default order). */
  sort: string;
  top: number;
  skip: number;
} & ({ ok: true; order: PartnerSort } | { ok: false; invalid: PartnersParameter[] });

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export function parsePartnersView(given: SearchParams): PartnersListView {
  const params = ownSearchParams(given);
  const q = first(params.q);
  const sort = first(params.sort).trim();
  const rawTop = first(params.Top).trim();
  const rawSkip = first(params.Skip).trim();
  const invalid = new Set<PartnersParameter>();
  if (q.length > SEARCH_MAX_LENGTH || hasControlOrBidi(q)) invalid.add('q');
  const order = parsePartnerSort(sort);
  if (order === null) invalid.add('sort');
  // Exactly one of the offered sizes, as written, and a plain whole offset.
  const top = rawTop === '' ? DEFAULT_PAGE_SIZE : (PAGE_SIZES.find((size) => String(size) === rawTop) ?? null);
  if (top === null) invalid.add('Top');
  const skip = rawSkip === '' ? 0 : /^\d{1,9}$/.test(rawSkip) ? Number(rawSkip) : null;
  if (skip === null) invalid.add('Skip');
  const base = {
    q,
    sort: order === null ? sort : sort === '' ? '' : partnerSortParam(order),
    top: top ?? DEFAULT_PAGE_SIZE,
    skip: skip ?? 0,
  };
  if (invalid.size > 0) return { ...base, ok: false, invalid: PARTNERS_PARAMETERS.filter((name) => invalid.has(name)) };
  return { ...base, ok: true, order: order ?? DEFAULT_PARTNER_SORT };
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
