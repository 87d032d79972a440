import 'server-only';

import type { Locale } from '@/lib/base/i18n/messages';
import type { Tally } from '@/lib/features/console/ops-shape';

import { categoryAxis, CHART_COLOURS, FONT, legend as baseLegend, valueAxis as amountAxis } from './parts';
import { type ChartOption, renderChartSvg } from './render';

/**
 * The console's Launches and Data API charts as SVG (lib/features/charts/render.ts), in the operator's language, beside
 * tables holding the same numbers. Bars only: the renderer registers the bar chart, and hours and days are counted
 * things, not a continuous signal.
 */

const WIDTH = 720;

/** Tailwind's brand-600, emerald-600, red-600, then more for companies (sky, amber, violet, pink, teal, slate). */
const LAUNCH_COLOURS = { exchanged: CHART_COLOURS.invoices, signedIn: '#059669', failed: '#dc2626' } as const;
const COMPANY_COLOURS = ['#0b5cad', '#f59e0b', '#059669', '#7c3aed', '#db2777', '#0d9488', '#0284c7', '#65a30d'];
const OTHERS_COLOUR = '#94a3b8';

// Text widths are estimated on the server (no canvas), a little short of what browsers draw: room to spare between
// legend entries and before a truncated label.
const legend = { ...baseLegend, itemGap: 28 };

/** Counts: whole numbers only. */
const valueAxis = (locale: Locale) => ({ ...amountAxis(locale), minInterval: 1 });

const bars = (name: string, color: string, data: number[], stack?: string) => ({
  type: 'bar' as const,
  name,
  data,
  stack,
  itemStyle: { color },
  barMaxWidth: 18,
});

export type ChartWords = { title: string; description: string };

/** Exchanges, sign-ins and failures per hour or day (the labels are the hours or days, already formatted). */
export function launchTallySvg(
  labels: string[],
  tallies: readonly Tally[],
  names: { exchanged: string; signedIn: string; failed: string },
  words: ChartWords,
  locale: Locale,
): string {
  const option: ChartOption = {
    legend,
    grid: { left: 48, right: 16, top: 40, bottom: 40 },
    xAxis: categoryAxis(labels),
    yAxis: valueAxis(locale),
    series: (['exchanged', 'signedIn', 'failed'] as const).map((key) =>
      bars(
        names[key],
        LAUNCH_COLOURS[key],
        tallies.map((tally) => tally[key]),
      ),
    ),
  };
  return renderChartSvg(option, { width: WIDTH, height: 280, ...words });
}

/** One horizontal bar per failure reason (the labels already in words), most frequent first. */
export function failureReasonsSvg(
  rows: readonly { label: string; count: number }[],
  words: ChartWords,
  locale: Locale,
) {
  const option: ChartOption = {
    grid: { left: 310, right: 48, top: 8, bottom: 8 },
    xAxis: { ...valueAxis(locale), show: false },
    yAxis: {
      ...categoryAxis(rows.map((row) => row.label)),
      inverse: true,
      axisLabel: { color: CHART_COLOURS.text, fontFamily: FONT, interval: 0, width: 250, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        data: rows.map((row) => row.count),
        itemStyle: { color: LAUNCH_COLOURS.failed },
        barMaxWidth: 20,
        label: { show: true, position: 'right', color: CHART_COLOURS.text, fontFamily: FONT },
      },
    ],
  };
  return renderChartSvg(option, { width: WIDTH, height: 24 + rows.length * 30, ...words });
}

/** Calls per hour, one stacked colour per company (its name), the rest as one grey "other companies". */
export function callsPerHourSvg(
  labels: string[],
  series: readonly { name: string; calls: number[] }[],
  others: { name: string; calls: number[] } | null,
  words: ChartWords,
  locale: Locale,
): string {
  const option: ChartOption = {
    legend: { ...legend, type: 'plain' },
    grid: { left: 48, right: 16, top: 40 + 24 * Math.floor(series.length / 4), bottom: 40 },
    xAxis: categoryAxis(labels),
    yAxis: valueAxis(locale),
    series: [
      ...series.map((company, i) =>
        bars(company.name, COMPANY_COLOURS[i % COMPANY_COLOURS.length]!, company.calls, 'calls'),
      ),
      ...(others ? [bars(others.name, OTHERS_COLOUR, others.calls, 'calls')] : []),
    ],
  };
  return renderChartSvg(option, { width: WIDTH, height: 300 + 24 * Math.floor(series.length / 4), ...words });
}
