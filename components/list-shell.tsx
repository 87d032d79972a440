import type { ReactNode } from 'react';

import { Link } from '@/components/link';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { countOf, fill } from '@/lib/base/i18n/documents';
import { importUploadTexts } from '@/lib/base/i18n/import-upload';
import { invoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import type { Locale } from '@/lib/base/i18n/messages';
import { filterFieldsFor } from '@/lib/features/documents/filter-fields';
import type { ListPage } from '@/lib/features/documents/list-page';
import type { ListKind } from '@/lib/service/records/list-view';
import { listHref, type ListView } from '@/lib/service/records/list-view';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from './detail-parts';
import { KindTable, type ListRecord } from './document-tables';
import { EmptyState } from './empty-state';
import { ExportLinks } from './export-links';
import { FilterForm } from './filter-form';
import { keptParameters } from './list/kept-parameters';
import { ListEmpty } from './list/list-empty';
import { ListHeading, PagedTable, TotalsRow } from './list/list-frame';
import { ListTotals } from './list-totals';
import { MirrorFreshness } from './mirror-freshness';
import { SearchBox } from './search-box';
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
// Long (about 135 lines) on purpose: it is the page's markup in reading order, each state's branch beside the others;
// the deciding is done by the loader (lib/features/documents/list-page.ts), the parts are components/list/.
export function ListShell<K extends ListKind>({ kind, page, ...shown }: Props<K>) {
  const { texts } = shown;
  const own = listTexts(kind, texts);
  const { view, loaded, mirrored } = page;
  const records = loaded?.ok ? loaded.value : [];
  const searched = view.q.trim() !== '';
  // What the view keeps when another of its parts changes: the filter form keeps the search and the sort, the search
  // box the filters, page size and sort.
  const keptBySearch = keptParameters(view, ['q', 'Skip']);
  const keptByFilters = keptParameters(view, [...Object.keys(view.values), 'Top', 'Skip']);

  let body: ReactNode = null;
  if (page.searchWaits) {
    body = (
      <EmptyState
        message={
          page.mirror && !page.mirror.progress[kind].refused
            ? fill(texts.search.waits, {
                count: countOf(page.mirror.progress[kind].read, texts.documents, shown.locale),
              })
            : texts.search.unavailable
        }
        action={{ href: listHref(page.path, view, { q: undefined, Skip: undefined }), label: texts.search.clear }}
      />
    );
  } else if (loaded && !loaded.ok)
    body = <ServiceProblem problem={loaded.problem} texts={texts} retryHref={page.href} />;
  else if (loaded && records.length === 0) {
    body = (
      <ListEmpty
        skip={view.skip}
        firstPageHref={listHref(page.path, view, { Skip: undefined })}
        noMatch={
          searched
            ? {
                note: page.partial && <PartialNote read={page.partial.read} texts={texts} locale={shown.locale} />,
                message: fill(texts.search.noMatch, { q: view.q.trim() }),
                href: listHref(page.path, view, { q: undefined, Skip: undefined }),
                label: texts.search.clear,
              }
            : null
        }
        filtered={view.filtered ? { message: own.match, href: page.path, label: texts.filters.clear } : null}
        none={own.none}
        lists={texts.lists}
      />
    );
  } else if (loaded) {
    body = (
      <>
        {page.partial && <PartialNote read={page.partial.read} texts={texts} locale={shown.locale} />}
        {mirrored && (
          <TotalsRow>
            <ListTotals totals={mirrored.totals} texts={texts} locale={shown.locale} />
            <ExportLinks path={page.path} view={view} available={page.searchable && !page.partial} texts={texts} />
          </TotalsRow>
        )}
        <PagedTable
          paging={{ path: page.path, view, shown: records.length, total: mirrored?.totals.count }}
          texts={texts}
          locale={shown.locale}
        >
          <KindTable
            kind={kind}
            records={records}
            today={page.today}
            caption={own.caption}
            marks={mirrored && searched ? { highlights: mirrored.highlights, texts: texts.search } : undefined}
            unpaidOnly={listsUnpaidOnly(view)}
            sorting={
              mirrored
                ? { sort: mirrored.sort, hrefOf: (sort) => listHref(page.path, view, { sort, Skip: undefined }) }
                : undefined
            }
            {...shown}
          />
        </PagedTable>
      </>
    );
  }

  const placeholders: Record<ListKind, string> = texts.search.placeholders;
  return (
    <>
      <ListHeading title={own.title}>
        {kind === 'invoices' && (
          <>
            <Link
              href={companyPath(shown.tenantId, 'invoices', 'import')}
              className={linkClass}
              data-import-invoices=""
            >
              {invoiceImportTexts[shown.locale].linkFromInvoices}
            </Link>
            <Link href={companyPath(shown.tenantId, 'imports')} className={linkClass}>
              {importUploadTexts[shown.locale].linkToImports}
            </Link>
          </>
        )}
      </ListHeading>
      {page.mirror && (
        <MirrorFreshness
          status={page.mirror}
          kind={kind}
          texts={texts}
          locale={shown.locale}
          refresh={{ action: companyPath(shown.tenantId, 'sync'), back: page.href }}
        />
      )}
      {page.mirror && (
        <SearchBox
          action={page.path}
          q={view.q}
          keep={keptBySearch}
          clearHref={searched ? listHref(page.path, view, { q: undefined, Skip: undefined }) : null}
          disabled={!page.searchable}
          placeholder={placeholders[kind]}
          texts={texts.search}
        />
      )}
      <FilterForm
        keep={keptByFilters}
        action={page.path}
        fields={filterFieldsFor(kind, texts, page.sequences)}
        values={view.values}
        invalid={view.ok ? [] : view.invalid}
        top={view.top}
        clearHref={page.path}
        texts={texts}
        note={page.sequences === null ? texts.filters.sequencesUnavailable : null}
      />
      {body}
    </>
  );
}

/** A list of what is not paid yet: filtered to unpaid, or to overdue (which is unpaid too). */
function listsUnpaidOnly(view: ListView): boolean {
  const values = view.values as Record<string, string>;
  return values.PaymentStatus === '0' || values.DueDateStatus === '2';
}

/** A search answered from a copy still being made: its results are of the documents read so far. */
function PartialNote({ read, texts, locale }: { read: number; texts: DocumentTexts; locale: Locale }) {
  return (
    <p
      role="note"
      data-search-partial={read}
      className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {fill(texts.search.partial, { count: countOf(read, texts.documents, locale) })}
    </p>
  );
}
