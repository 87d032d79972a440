import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/messages';
import type { DocumentTexts } from '@/lib/i18n/documents';
import type { ListKind } from '@/lib/documents/filters';
import { listHref, pagingLinks } from '@/lib/documents/filters';
import { filterFieldsFor } from '@/lib/documents/filter-fields';
import type { ListPage } from '@/lib/documents/list-page';
import { companyPath } from '@/lib/documents/present';
import { KindTable, type ListRecord } from './document-tables';
import { EmptyState } from './empty-state';
import { FilterForm } from './filter-form';
import { MirrorFreshness } from './mirror-freshness';
import { Pager } from './pager';
import { ServiceProblem } from './service-problem';

/** A kind's own words: the page's title, the table's caption, and the empty list without and with filters. */
function listTexts(kind: ListKind, { nav, lists: l }: DocumentTexts) {
  return {
    invoices: { title: nav.invoices, caption: l.invoicesCaption, none: l.noInvoices, match: l.noInvoicesMatch },
    expenses: { title: nav.expenses, caption: l.expensesCaption, none: l.noExpenses, match: l.noExpensesMatch },
    deliveryNotes: {
      title: nav.deliveryNotes,
      caption: l.deliveryNotesCaption,
      none: l.noDeliveryNotes,
      match: l.noDeliveryNotesMatch,
    },
  }[kind];
}

type Props<K extends ListKind> = {
  kind: K;
  page: ListPage<K, ListRecord[K]>;
  tenantId: string;
  texts: DocumentTexts;
  locale: Locale;
};

/**
 * A list page of one kind of document, the same for every kind: title, filter form, then the problem, the empty
 * state, or the kind's table with paging.
 */
export function ListShell<K extends ListKind>({ kind, page, ...shown }: Props<K>) {
  const { texts } = shown;
  const own = listTexts(kind, texts);
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
        <EmptyState message={own.match} action={{ href: page.path, label: texts.filters.clear }} />
      ) : (
        <EmptyState message={own.none} />
      );
  } else if (loaded) {
    body = (
      <>
        <div className="mt-4">
          <KindTable kind={kind} records={records} today={page.today} caption={own.caption} {...shown} />
        </div>
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
      <h2 className="text-lg font-semibold text-slate-900">{own.title}</h2>
      {page.mirror && (
        <MirrorFreshness
          status={page.mirror}
          kind={kind}
          texts={texts}
          locale={shown.locale}
          refresh={{ action: companyPath(shown.tenantId, 'sync'), back: page.href }}
        />
      )}
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
