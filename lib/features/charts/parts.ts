import 'server-only';

import { formatCompact } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';

/**
 * What every chart of the add-on draws alike (the overview's, the console's): the app's palette, its font, the axes
 * and the legend, so the charts look like one family and a change of style is made once.
 */

/** Tailwind's colours the charts use: brand-600 (app/globals.css), amber-500, slate-600/300/200. */
export const CHART_COLOURS = {
  invoices: '#0b5cad',
  expenses: '#f59e0b',
  text: '#475569',
  axis: '#cbd5e1',
  grid: '#e2e8f0',
} as const;

export const FONT = 'ui-sans-serif, system-ui, sans-serif';

/** The axis of amounts or counts, its labels short ("12 tis.", "1.2K") in the user's language. */
export const valueAxis = (locale: Locale) => ({
  type: 'value' as const,
  axisLabel: {
    color: CHART_COLOURS.text,
    fontFamily: FONT,
    formatter: (value: number) => formatCompact(value, locale),
  },
  splitLine: { lineStyle: { color: CHART_COLOURS.grid } },
});

/** The axis of named categories (months, buckets, companies). */
export const categoryAxis = (data: string[]) => ({
  type: 'category' as const,
  data,
  axisLabel: { color: CHART_COLOURS.text, fontFamily: FONT },
  axisLine: { lineStyle: { color: CHART_COLOURS.axis } },
  axisTick: { show: false },
});

export const legend = { top: 0, textStyle: { color: CHART_COLOURS.text, fontFamily: FONT } };
