import type { ReactNode } from 'react';
import type { DocumentTexts } from '@/lib/i18n/documents';
import type { ListKind } from '@/lib/documents/filters';
import { listHref, pagingLinks } from '@/lib/documents/filters';
import { filterFieldsFor } from '@/lib/documents/filter-fields';
import type { ListPage } from '@/lib/documents/list-page';
import { EmptyState } from './empty-state';
import { FilterForm } from './filter-form';
import { Pager } from './pager';
import { ServiceProblem } from './service-problem';

type Props<K extends ListKind, R> = {
  kind: K;
  title: string;
  page: ListPage<K, R>;
  texts: DocumentTexts;
  empty: { none: string; match: string };
  /** The table of the records; called only when there are some. */
  table: (records: R[]) => ReactNode;
};

/** The parts every list page shares: title, filter form, then the problem, the empty state, or the table with paging. */
export function ListShell<K extends ListKind, R>({ kind, title, page, texts, empty, table }: Props<K, R>) {
  const { view, loaded } = page;
  const records = loaded?.ok ? loaded.value : [];
  const paging = pagingLinks(page.path, view, records.length);

  let body: ReactNode = null;
  if (loaded && !loaded.ok) body = <ServiceProblem problem={loaded.problem} texts={texts} retryHref={page.href} />;
  else if (loaded && records.length === 0) {
    body =
      view.skip > 0 ? (
        <EmptyState
          message={texts.lists.nothingFurther}
          action={{ href: listHref(page.path, view, { Skip: undefined }), label: texts.lists.firstPage }}
        />
      ) : view.filtered ? (
        <EmptyState message={empty.match} action={{ href: page.path, label: texts.filters.clear }} />
      ) : (
        <EmptyState message={empty.none} />
      );
  } else if (loaded) {
    body = (
      <>
        <div className="mt-4">{table(records)}</div>
        <Pager
          previous={paging.previous}
          next={paging.next}
          from={view.skip + 1}
          to={view.skip + records.length}
          texts={texts}
        />
      </>
    );
  }

  return (
    <>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <FilterForm
        action={page.path}
        fields={filterFieldsFor(kind, texts, page.sequences)}
        values={view.values}
        invalid={view.ok ? [] : view.invalid}
        top={view.top}
        open={view.filtered}
        clearHref={page.path}
        texts={texts}
        note={page.sequences === null ? texts.filters.sequencesUnavailable : null}
      />
      {body}
    </>
  );
}
