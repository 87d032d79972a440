import 'server-only';

import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { fill } from '@/lib/base/i18n/documents';
import { formatMoney, formatMonth } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import { AGEING_BUCKETS, type OverviewCharts } from '@/lib/features/overview/queries/charts';

import { categoryAxis, CHART_COLOURS, FONT, legend, valueAxis } from './parts';
import { type ChartOption, renderChartSvg } from './render';

/**
 * The overview's three charts as SVG, in the user's language, coloured from the app's palette (app/globals.css and
 * Tailwind's): invoiced and expenses per month, receivables and payables by days overdue, the customers owing most.
 * Amounts are drawn from the exact decimals (a float is fine for a bar's length; the tables beside show the exact
 * figures).
 */

const WIDTH = 720;

export type OverviewChartSvgs = { monthly: string; ageing: string; top: string | null };

/** Every category named: the overview's few months, buckets and customers fit. */
const everyCategory = (data: string[]) => {
  const axis = categoryAxis(data);
  return { ...axis, axisLabel: { ...axis.axisLabel, interval: 0 } };
};

const bar = (name: string, color: string, data: number[]) => ({
  type: 'bar' as const,
  name,
  data,
  itemStyle: { color, borderRadius: [3, 3, 0, 0] },
  barMaxWidth: 28,
});

type ChartTexts = DocumentTexts['charts'];

/** Everything the overview draws; `top` is null when no invoice is unpaid (the page says so instead). */
export function overviewChartSvgs(charts: OverviewCharts, texts: DocumentTexts, locale: Locale): OverviewChartSvgs {
  const t = texts.charts;
  return {
    monthly: monthlySvg(charts, t, locale),
    ageing: ageingSvg(charts, t, locale),
    top: charts.topCustomers.length === 0 ? null : topCustomersSvg(charts.topCustomers, t, locale),
  };
}

/** Invoiced and expenses per month, each month named. */
function monthlySvg(charts: OverviewCharts, t: ChartTexts, locale: Locale): string {
  const months = charts.months.map((month) => formatMonth(month.month, locale));
  const monthly: ChartOption = {
    legend,
    grid: { left: 56, right: 16, top: 40, bottom: 48 },
    xAxis: { ...everyCategory(months), axisLabel: { ...everyCategory(months).axisLabel, rotate: 45 } },
    yAxis: valueAxis(locale),
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
  return renderChartSvg(monthly, {
    width: WIDTH,
    height: 300,
    title: t.monthlyTitle,
    description: `${fill(t.monthlyLabel, {
      from: formatMonth(charts.months[0]!.month, locale, 'long'),
      to: formatMonth(charts.months.at(-1)!.month, locale, 'long'),
    })} ${t.showNumbers}.`,
  });
}

/** Receivables and payables by days overdue. */
function ageingSvg(charts: OverviewCharts, t: ChartTexts, locale: Locale): string {
  const buckets = AGEING_BUCKETS.map((bucket) => t.buckets[bucket]);
  const ageing: ChartOption = {
    legend,
    grid: { left: 56, right: 16, top: 40, bottom: 32 },
    xAxis: everyCategory(buckets),
    yAxis: valueAxis(locale),
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
  return renderChartSvg(ageing, {
    width: WIDTH,
    height: 280,
    title: t.ageingTitle,
    description: `${t.ageingLabel} ${t.showNumbers}.`,
  });
}

/** The customers owing most, as horizontal bars with their amounts beside: as tall as there are customers. */
function topCustomersSvg(customers: OverviewCharts['topCustomers'], t: ChartTexts, locale: Locale): string {
  const top: ChartOption = {
    grid: { left: 180, right: 96, top: 8, bottom: 8 },
    xAxis: { ...valueAxis(locale), show: false },
    yAxis: {
      ...everyCategory(customers.map((customer) => customer.name ?? t.noPartner)),
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
  return renderChartSvg(top, {
    width: WIDTH,
    height: 24 + customers.length * 30,
    title: t.topTitle,
    description: `${fill(t.topLabel, { count: customers.length })} ${t.showNumbers}.`,
  });
}
