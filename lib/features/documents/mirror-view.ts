import type { ListKind, ListView } from '@/lib/service/records/list-view';

import type { MirrorFilters, MirrorView } from './queries';

/**
 * A valid list view (its URL's filters, search, sort and page) as the mirror is asked for it: the same filters the
 * live call would send, under the interface's names, without the paging the mirror takes as numbers. Pure.
 */
export function mirrorViewOf<K extends ListKind>(view: ListView<K> & { ok: true }): MirrorView<K> {
  const { Top: _top, Skip: _skip, ...filters } = view.query;
  return {
    q: view.q,
    sort: view.sort || undefined,
    filters: filters as MirrorFilters<K>,
    top: view.top,
    skip: view.skip,
  };
}
