import { type ListAddress, listHref, pagingLinks } from '@/lib/service/records/list-view';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/lib/service/records/list-view-kit';

/**
 * The pager of a list: previous and next always; when the mirror counted the view (the service gives no total),
 * also the first and the last page and the pages around this one, so 20 000 invoices are not 800 clicks of "next";
 * and the page sizes offered. Pure: addresses only, built with the list's own `Top` and `Skip`.
 */

/** A page number the pager shows, or a gap ("…") for the numbers it leaves out. */
export type PageNumber = number | 'gap';

/**
 * The numbers to show of pages 1…`last` around `current`: the first and the last, and `around` pages either side of
 * the current one (at either end, the `2 × around` pages nearest to it), in order; a gap stands for two or more numbers left out (a single one is shown instead, as the gap
 * would take its place anyway).
 */
export function pageNumbers(current: number, last: number, around = 1): PageNumber[] {
  if (!Number.isInteger(last) || last < 1) return [];
  const here = Math.min(Math.max(1, Math.floor(current)), last);
  const shown = new Set([1, last]);
  // The same count of neighbours at either end too: page 1 of 800 shows 1 2 3 … 800.
  const start = Math.max(1, Math.min(here - around, last - 2 * around));
  for (let page = start; page <= Math.min(last, start + 2 * around); page++) shown.add(page);
  const numbers: PageNumber[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous === 2) numbers.push(previous + 1);
    else if (page - previous > 2) numbers.push('gap');
    numbers.push(page);
    previous = page;
  }
  return numbers;
}

export type PageLink = { page: number; href: string; current: boolean };

export type Pager = {
  previous: string | null;
  next: string | null;
  /** Only when the total is known: the first page's and the last page's addresses (null on that page itself). */
  first: string | null;
  last: string | null;
  /** Only when the total is known: the numbered pages, with gaps. */
  pages: (PageLink | 'gap')[];
  /** The page sizes offered, each keeping the first record shown on its page. */
  sizes: { size: number; href: string; current: boolean }[];
};

export function pagerOf(
  pathname: string,
  view: ListAddress,
  received: number,
  /** All the view's records, when known (the mirror counts them). */
  total?: number,
): Pager {
  const { previous, next } = pagingLinks(pathname, view, received, total);
  const top = view.top > 0 ? view.top : DEFAULT_PAGE_SIZE;
  const hrefOf = (page: number) => listHref(pathname, view, { Skip: (page - 1) * top });
  const sizes = PAGE_SIZES.map((size) => ({
    size,
    // The page of the new size that holds the first record shown now.
    href: listHref(pathname, view, { Top: size === DEFAULT_PAGE_SIZE ? undefined : size, Skip: skipFor(view, size) }),
    current: size === view.top,
  }));
  if (total === undefined) return { previous, next, first: null, last: null, pages: [], sizes };

  const lastPage = Math.max(1, Math.ceil(total / top));
  // A Skip between two pages (typed by hand) is on no page of the list: none is marked as this one.
  const aligned = view.skip % top === 0;
  const current = Math.floor(view.skip / top) + 1;
  return {
    previous,
    next,
    first: view.skip > 0 ? hrefOf(1) : null,
    last: current < lastPage ? hrefOf(lastPage) : null,
    pages: pageNumbers(current, lastPage).map((page) =>
      page === 'gap' ? page : { page, href: hrefOf(page), current: aligned && page === current },
    ),
    sizes,
  };
}

/** The Skip of the page of `size` records that holds the first record shown now. */
const skipFor = (view: ListAddress, size: number) => Math.floor(view.skip / size) * size;
