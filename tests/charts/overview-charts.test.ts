import { describe, expect, it } from 'vitest';

import { documentTexts } from '@/lib/base/i18n/documents';
import { overviewChartSvgs } from '@/lib/features/charts/overview';
import { renderChartSvg } from '@/lib/features/charts/render';
import { type Ageing, AGEING_BUCKETS, monthsUpTo, type OverviewCharts } from '@/lib/features/overview/queries/charts';

/**
 * The overview's charts drawn on the server: one SVG each, labelled for a screen reader, in the user's language, and
 * a partner's name is only ever text, whatever it contains.
 */
const HOSTILE = ['<script>alert(1)</script>', '"><img src=x onerror=alert(2)>', '</title><svg onload=alert(3)>'];

const ageing = (eur: string): Ageing =>
  Object.fromEntries(AGEING_BUCKETS.map((bucket, i) => [bucket, { count: i + 1, eur }])) as Ageing;

const charts: OverviewCharts = {
  today: '2026-03-10',
  months: monthsUpTo('2026-03-10').map((month, i) => ({
    month,
    invoices: { count: i, eur: `${1000 * i}.50` },
    expenses: { count: 1, eur: '640.20' },
  })),
  receivables: ageing('1200.00'),
  payables: ageing('300.10'),
  topCustomers: [
    ...HOSTILE.map((name, i) => ({ name, count: 1, eur: `${900 - i}.00` })),
    { name: null, count: 2, eur: '10.00' },
  ],
};

/** The markup's elements (opening tags), by name. */
const elementsOf = (svg: string) => [...svg.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((match) => match[1]!.toLowerCase());

/** Every attribute's name in the markup (values, always quoted, set aside). */
const attributesOf = (svg: string) =>
  [...svg.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((tag) =>
    [...tag[0].replace(/"[^"]*"/g, '""').matchAll(/\s([^\s=>]+)=/g)].map((match) => match[1]!.toLowerCase()),
  );

describe('the overview’s charts as SVG', () => {
  const english = overviewChartSvgs(charts, documentTexts.en, 'en');
  const slovak = overviewChartSvgs(charts, documentTexts.sk, 'sk');

  it('draws each chart as one SVG image with its title and description for a screen reader', () => {
    for (const svg of [english.monthly, english.ageing, english.top!]) {
      expect(svg.startsWith('<svg ')).toBe(true);
      expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="[^"]+"/);
      expect(svg).toMatch(/<title>[^<]+<\/title><desc>[^<]+<\/desc>/);
      expect(svg).toContain('viewBox=');
      expect(svg.match(/<svg /g)).toHaveLength(1);
    }
    expect(english.monthly).toContain('aria-label="Invoiced and expenses per month"');
    expect(english.monthly).toContain('from April 2025 to March 2026');
  });

  it('labels months, series and amounts in the user’s language', () => {
    expect(english.monthly).toContain('>Invoiced<');
    expect(english.monthly).toContain('Mar 2026');
    expect(slovak.monthly).toContain('>Fakturované<');
    expect(slovak.ageing).toContain('Ešte nesplatné');
    expect(english.ageing).toContain('More than 90 days');
    // Amounts beside the bars: "€900.00" and "900,00 €" (a no-break space before the sign).
    expect(english.top).toContain('€900.00');
    expect(slovak.top).toMatch(/900,00\s€/);
    expect(english.top).toContain('Without a customer');
  });

  it('writes a partner’s name as text only: no element, attribute or script comes from it', () => {
    const allowed = new Set([
      'svg',
      'title',
      'desc',
      'rect',
      'path',
      'text',
      'g',
      'style',
      'clippath',
      'defs',
      'tspan',
    ]);
    for (const svg of [english.top!, slovak.top!]) {
      expect(elementsOf(svg).filter((element) => !allowed.has(element))).toEqual([]);
      expect(attributesOf(svg).filter((name) => name.startsWith('on') || name === 'href')).toEqual([]);
      expect(svg).toContain('&lt;script&gt;');
    }
  });

  it('escapes its own title and description too', () => {
    const svg = renderChartSvg(
      { xAxis: { type: 'category', data: ['a'] }, yAxis: {}, series: [{ type: 'bar', data: [1] }] },
      {
        width: 200,
        height: 100,
        title: '<b>"x"</b>',
        description: '</desc><script>',
      },
    );
    expect(elementsOf(svg)).not.toContain('b');
    expect(elementsOf(svg)).not.toContain('script');
    expect(svg).toContain('aria-label="&#60;b&#62;&#34;x&#34;&#60;/b&#62;"');
  });
});
