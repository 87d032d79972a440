import type { ReactNode } from 'react';

import type { DocumentTexts } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { StockTexts } from '@/lib/base/i18n/stock';
import type { StockPageData } from '@/lib/features/stock/stock-page';
import { companyPath } from '@/lib/service/records/present';

import { ListIntro } from '../list/list-frame';
import { ServiceProblem } from '../service-problem';
import { Filters } from './stock-filters';
import { StockFreshness } from './stock-freshness';
import { StockList } from './stock-list';

type Props = { page: StockPageData; tenantId: string; texts: StockTexts; docs: DocumentTexts; locale: Locale };

/**
 * The stock page (`/companies/{tenantId}/stock`): what it is, how fresh the company's copy of its catalog items is,
 * then either why there is no list (being prepared, refused by the service, paused, disconnected, turned off) or the
 * search box, the filters (warehouse, only items under their minimum, page size), the view's totals with its exports,
 * the items with their minimums, and the pager. Every part is a plain link or form: it works without script.
 */
export function StockShell({ page, tenantId, texts, docs, locale }: Props) {
  const { view, state } = page;
  let body: ReactNode = null;
  if (state.kind === 'off') body = <Notice>{texts.mirror.off}</Notice>;
  else if (state.kind === 'disconnected')
    body = <ServiceProblem problem={{ kind: 'disconnected' }} texts={docs} retryHref={page.href} />;
  else if (state.kind === 'paused')
    body = <ServiceProblem problem={{ kind: 'payment-required' }} texts={docs} retryHref={page.href} />;
  else if (state.kind === 'refused')
    body = (
      <section
        role="alert"
        data-kind-refused={state.refusal}
        className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 shadow-sm"
      >
        <h3 className="text-base font-semibold">{texts.mirror.refusedTitle}</h3>
        <p className="mt-2 text-sm">{texts.mirror.refused[state.refusal]}</p>
      </section>
    );
  else if (state.kind === 'preparing')
    // How many are read is said in the bar above (StockFreshness), which follows the copy as it grows.
    body = <Notice>{texts.mirror.preparingNote}</Notice>;
  else body = <StockList page={page} tenantId={tenantId} texts={texts} docs={docs} locale={locale} />;

  return (
    <>
      <ListIntro title={texts.title} intro={texts.intro} />
      {page.mirror && (
        <StockFreshness
          status={page.mirror}
          state={state}
          texts={texts}
          docs={docs}
          locale={locale}
          refresh={{ action: companyPath(tenantId, 'sync'), back: page.href }}
        />
      )}
      {state.kind === 'ready' && <Filters view={view} page={page} texts={texts} docs={docs} />}
      {body}
    </>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-700"
    >
      {children}
    </p>
  );
}
