import 'server-only';

import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

import { escapeHtml } from '@/lib/base/http/html';

/**
 * Charts drawn on the server as SVG by Apache ECharts' server-side renderer: the page carries the picture, and no
 * charting code ever reaches the browser (echarts is loaded from node_modules on the server, next.config.mjs; this
 * module is server-only, so a client component importing it fails the build). ECharts escapes every text it writes
 * (a partner's name "<script>" is drawn as text); the title and label added here are escaped too.
 */

echarts.use([BarChart, GridComponent, LegendComponent, SVGRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

export type ChartFrame = {
  /** The drawing's size in SVG units; the picture scales to its container's width (viewBox). */
  width: number;
  height: number;
  /** What the picture shows, for a screen reader (role="img"): its title and a sentence saying where its numbers are. */
  title: string;
  description: string;
};

/**
 * The chart as one `<svg role="img">` element with a `<title>` and `<desc>`. Synchronous from start to end: the
 * renderer's instance never outlives the call, so concurrent requests never share one.
 */
export function renderChartSvg(option: ChartOption, frame: ChartFrame): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: frame.width, height: frame.height });
  try {
    chart.setOption({ animation: false, ...option });
    const svg = chart.renderToSVGString({ useViewBox: true });
    const start = svg.indexOf('<svg ');
    const open = svg.indexOf('>', start);
    if (start !== 0 || open < 0) throw new Error('the chart renderer answered no SVG');
    const label = escapeHtml(frame.title);
    // The picture's size comes from its container (CSS), its proportions from the viewBox.
    const head = svg
      .slice(0, open)
      .replace(/ width="[^"]*"/, '')
      .replace(/ height="[^"]*"/, '');
    return `${head} role="img" aria-label="${label}" focusable="false"><title>${label}</title><desc>${escapeHtml(frame.description)}</desc>${svg.slice(open + 1)}`;
  } finally {
    chart.dispose();
  }
}
