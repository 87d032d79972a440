import type { ReactNode } from 'react';

import type { DocumentTexts } from '@/lib/base/i18n/documents';

import { EmptyState } from '../empty-state';

type Way = { message: string; href: string; label: string };

/**
 * A list with no rows, said the same way on every list, the first that applies: a page past the last (back to the
 * first page), a search that matched nothing (clear it), filters that matched nothing (clear them), or nothing at all.
 */
export function ListEmpty({
  skip,
  firstPageHref,
  noMatch,
  filtered,
  none,
  lists,
}: {
  skip: number;
  firstPageHref: string;
  /** Null when the view has no search. `note`: what stands above the answer (a search of a copy still being made). */
  noMatch: (Way & { note?: ReactNode }) | null;
  /** Null when the view has no filters (or the list none to clear). */
  filtered: Way | null;
  none: string;
  lists: DocumentTexts['lists'];
}) {
  if (skip > 0)
    return <EmptyState message={lists.nothingFurther} action={{ href: firstPageHref, label: lists.firstPage }} />;
  if (noMatch)
    return (
      <>
        {noMatch.note}
        <EmptyState message={noMatch.message} action={{ href: noMatch.href, label: noMatch.label }} />
      </>
    );
  if (filtered)
    return <EmptyState message={filtered.message} action={{ href: filtered.href, label: filtered.label }} />;
  return <EmptyState message={none} />;
}
