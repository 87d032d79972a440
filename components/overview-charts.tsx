import type { ReactNode } from 'react';

import { countOf, type DocumentTexts } from '@/lib/base/i18n/documents';
import { formatMoney, formatMonth, formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import { type OverviewChartSvgs, overviewChartSvgs } from '@/lib/features/charts/overview';
import { AGEING_BUCKETS, type Figure, type OverviewCharts } from '@/lib/features/overview/queries/charts';

import { figures, RowHeader, Table, Td } from './table';

/**
 * The overview's charts from the company's copy, drawn on the server as SVG (lib/features/charts/): each with a title, a note
 * saying what is summed, and its numbers as a table under "The chart's numbers" (open by a click, read by screen
 * readers as any table). Server component: no charting code reaches the browser.
 */

type Shared = { texts: DocumentTexts; locale: Locale };

const money = (figure: Figure, locale: Locale) => formatMoney(figure.eur, 'EUR', locale);

type ChartName = keyof OverviewChartSvgs;

/** One chart's card: `chart-{name}` its id, its title and note the texts' `{name}Title` and `{name}Note`. */
function ChartCard({
  name,
  svgs,
  texts,
  children,
}: {
  name: ChartName;
  svgs: OverviewChartSvgs;
  texts: DocumentTexts['charts'];
  children: ReactNode;
}) {
  const id = `chart-${name}`;
  const svg = svgs[name];
  return (
    <section aria-labelledby={id} data-chart={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h4 id={id} className="font-medium text-slate-900">
        {texts[`${name}Title`]}
      </h4>
      <p className="text-xs text-slate-500">{texts[`${name}Note`]}</p>
      {svg && (
        // The SVG is the chart renderer's, every text in it escaped (lib/features/charts/render.ts; tests/charts/).
        <div className="mt-3 [&>svg]:h-auto [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />
      )}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 hover:underline focus-ring">{texts.showNumbers}</summary>
        <div className="mt-2">{children}</div>
      </details>
    </section>
  );
}

export function OverviewChartsSection({ charts, texts, locale }: Shared & { charts: OverviewCharts }) {
  const t = texts.charts;
  const svgs = overviewChartSvgs(charts, texts, locale);
  const count = (value: number) => formatNumber(value, locale, 0);
  return (
    <section aria-labelledby="overview-charts" className="mt-6">
      <h3 id="overview-charts" className="mb-2 font-medium text-slate-900">
        {t.label}
      </h3>
      <div className="grid grid-cols-1 gap-4">
        <ChartCard name="monthly" svgs={svgs} texts={t}>
          <Table caption={t.monthlyTitle} columns={[t.month, ...figures(t.invoiced, t.expenses)]}>
            {charts.months.map((month) => (
              <tr key={month.month}>
                <RowHeader>{formatMonth(month.month, locale, 'long')}</RowHeader>
                <Td numeric>{money(month.invoices, locale)}</Td>
                <Td numeric>{money(month.expenses, locale)}</Td>
              </tr>
            ))}
          </Table>
        </ChartCard>

        <ChartCard name="ageing" svgs={svgs} texts={t}>
          <Table
            caption={t.ageingTitle}
            columns={[t.overdueBy, ...figures(t.receivables, t.count, t.payables, t.count)]}
          >
            {AGEING_BUCKETS.map((bucket) => (
              <tr key={bucket} data-bucket={bucket}>
                <RowHeader>{t.buckets[bucket]}</RowHeader>
                <Td numeric>{money(charts.receivables[bucket], locale)}</Td>
                <Td numeric>{count(charts.receivables[bucket].count)}</Td>
                <Td numeric>{money(charts.payables[bucket], locale)}</Td>
                <Td numeric>{count(charts.payables[bucket].count)}</Td>
              </tr>
            ))}
          </Table>
        </ChartCard>

        <ChartCard name="top" svgs={svgs} texts={t}>
          {charts.topCustomers.length === 0 ? (
            <p className="text-slate-600">{t.noUnpaid}</p>
          ) : (
            <Table caption={t.topTitle} columns={[t.customer, ...figures(t.amount, t.count)]}>
              {charts.topCustomers.map((customer, index) => (
                <tr key={index}>
                  <RowHeader>{customer.name ?? t.noPartner}</RowHeader>
                  <Td numeric>{money(customer, locale)}</Td>
                  <Td numeric>{countOf(customer.count, texts.documents, locale)}</Td>
                </tr>
              ))}
            </Table>
          )}
        </ChartCard>
      </div>
    </section>
  );
}

/** In place of the charts while the company's copy is prepared, or when it may not be shown. */
export function ChartsNotice({ state, texts }: { state: 'preparing' | 'stopped'; texts: DocumentTexts }) {
  return (
    <p
      className="mt-6 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600"
      data-charts={state}
    >
      {state === 'preparing' ? texts.charts.preparing : texts.charts.stopped}
    </p>
  );
}
