import 'server-only';
import type { DocumentTexts } from '@/lib/i18n/documents';
import { fill } from '@/lib/i18n/documents';
import { formatCompact, formatMoney, formatMonth } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/messages';
import { AGEING_BUCKETS, type OverviewCharts } from '@/lib/mirror/query/overview';
import { renderChartSvg, type ChartOption } from './render';

/**
 * The overview's three charts as SVG, in the user's language, coloured from the app's palette (app/globals.css and
 * Tailwind's): invoiced and expenses per month, receivables and payables by days overdue, the customers owing most.
 * Amounts are drawn from the exact decimals (a float is fine for a bar's length; the tables beside show the exact
 * figures).
 */

/** Tailwind's colours the charts use: brand-600 (app/globals.css), amber-500, slate-600/300/200. */
export const CHART_COLOURS = {
  invoices: '#0b5cad',
  expenses: '#f59e0b',
  text: '#475569',
  axis: '#cbd5e1',
  grid: '#e2e8f0',
} as const;

const FONT = 'ui-sans-serif, system-ui, sans-serif';
const WIDTH = 720;

export type OverviewChartSvgs = { monthly: string; ageing: string; top: string | null };

function axisOf(locale: Locale) {
  return {
    type: 'value' as const,
    axisLabel: {
      color: CHART_COLOURS.text,
      fontFamily: FONT,
      formatter: (value: number) => formatCompact(value, locale),
    },
    splitLine: { lineStyle: { color: CHART_COLOURS.grid } },
  };
}

const categoryAxis = (data: string[]) => ({
  type: 'category' as const,
  data,
  axisLabel: { color: CHART_COLOURS.text, fontFamily: FONT, interval: 0 },
  axisLine: { lineStyle: { color: CHART_COLOURS.axis } },
  axisTick: { show: false },
});

const legend = { top: 0, textStyle: { color: CHART_COLOURS.text, fontFamily: FONT } };

const bar = (name: string, color: string, data: number[]) => ({
  type: 'bar' as const,
  name,
  data,
  itemStyle: { color, borderRadius: [3, 3, 0, 0] },
  barMaxWidth: 28,
});

/** Everything the overview draws; `top` is null when no invoice is unpaid (the page says so instead). */
export function overviewChartSvgs(charts: OverviewCharts, texts: DocumentTexts, locale: Locale): OverviewChartSvgs {
  const t = texts.charts;
  const months = charts.months.map((month) => formatMonth(month.month, locale));
  const monthly: ChartOption = {
    legend,
    grid: { left: 56, right: 16, top: 40, bottom: 48 },
    xAxis: { ...categoryAxis(months), axisLabel: { ...categoryAxis(months).axisLabel, rotate: 45 } },
    yAxis: axisOf(locale),
    series: [
      bar(
        t.invoiced,
        CHART_COLOURS.invoices,
        charts.months.map((month) => Number(month.invoices.eur)),
      ),
      bar(
        t.expenses,
        CHART_COLOURS.expenses,
        charts.months.map((month) => Number(month.expenses.eur)),
      ),
    ],
  };
  const buckets = AGEING_BUCKETS.map((bucket) => t.buckets[bucket]);
  const ageing: ChartOption = {
    legend,
    grid: { left: 56, right: 16, top: 40, bottom: 32 },
    xAxis: categoryAxis(buckets),
    yAxis: axisOf(locale),
    series: [
      bar(
        t.receivables,
        CHART_COLOURS.invoices,
        AGEING_BUCKETS.map((bucket) => Number(charts.receivables[bucket].eur)),
      ),
      bar(
        t.payables,
        CHART_COLOURS.expenses,
        AGEING_BUCKETS.map((bucket) => Number(charts.payables[bucket].eur)),
      ),
    ],
  };
  const customers = charts.topCustomers;
  const top: ChartOption = {
    grid: { left: 180, right: 96, top: 8, bottom: 8 },
    xAxis: { ...axisOf(locale), show: false },
    yAxis: {
      ...categoryAxis(customers.map((customer) => customer.name ?? t.noPartner)),
      inverse: true,
      axisLabel: { color: CHART_COLOURS.text, fontFamily: FONT, interval: 0, width: 168, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        data: customers.map((customer) => Number(customer.eur)),
        itemStyle: { color: CHART_COLOURS.invoices, borderRadius: [0, 3, 3, 0] },
        barMaxWidth: 20,
        label: {
          show: true,
          position: 'right',
          color: CHART_COLOURS.text,
          fontFamily: FONT,
          formatter: ({ value }: { value: unknown }) => formatMoney(Number(value), 'EUR', locale),
        },
      },
    ],
  };
  const seeTable = t.showNumbers;
  return {
    monthly: renderChartSvg(monthly, {
      width: WIDTH,
      height: 300,
      title: t.monthlyTitle,
      description: `${fill(t.monthlyLabel, {
        from: formatMonth(charts.months[0]!.month, locale, 'long'),
        to: formatMonth(charts.months.at(-1)!.month, locale, 'long'),
      })} ${seeTable}.`,
    }),
    ageing: renderChartSvg(ageing, {
      width: WIDTH,
      height: 280,
      title: t.ageingTitle,
      description: `${t.ageingLabel} ${seeTable}.`,
    }),
    top:
      customers.length === 0
        ? null
        : renderChartSvg(top, {
            width: WIDTH,
            height: 24 + customers.length * 30,
            title: t.topTitle,
            description: `${fill(t.topLabel, { count: customers.length })} ${seeTable}.`,
          }),
  };
}
