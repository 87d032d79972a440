import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { CompanyFiguresLine } from '@/components/across-companies';
import { OverviewFreshness } from '@/components/overview-freshness';
import { UnpaidFigures } from '@/components/overview-parts';
import { documentTexts } from '@/lib/base/i18n/documents';
import type { Amount } from '@/lib/base/money';
import type { MirrorStatus } from '@/lib/owners/mirror/status';
import type { Overview, UnpaidSummary } from '@/lib/service/records/overview';

/**
 * What the overview says of its figures, in both languages: a figure of only part of the documents (the live read
 * of a large company while its copy is made) is never shown as a confident number, and says so on its own card; the
 * figures say how fresh the copy they come from is (not when the page was drawn), an update under way or failed, and
 * offer "Update now". On the list of companies, one not connected says so and how, instead of "being prepared".
 */

const now = new Date('2026-11-24T10:00:00Z');
const summary = (unpaid: [number, string], overdue: [number, string], complete: boolean): UnpaidSummary => ({
  unpaid: { count: unpaid[0], eur: unpaid[1] as Amount, withoutAmount: 0 },
  overdue: { count: overdue[0], eur: overdue[1] as Amount, withoutAmount: 0 },
  complete,
});
const overview = (invoices: UnpaidSummary, from: Overview['from'] = 'service'): Overview => ({
  invoices,
  expenses: summary([0, '0'], [0, '0'], true),
  latestInvoices: [],
  latestExpenses: [],
  computedAt: '2026-11-24T09:59:30Z',
  from,
  today: '2026-11-24',
});
const ready: MirrorStatus = {
  status: 'ready',
  fullSyncedAt: new Date('2026-11-24T08:00:00Z'),
  lastSyncedAt: new Date('2026-11-24T09:58:00Z'),
  reconciledAt: null,
  progress: {
    invoices: { read: 900, done: true },
    expenses: { read: 300, done: true },
    deliveryNotes: { read: 30, done: true },
  },
  lastError: null,
  nextTryAt: null,
  lastOpenedAt: null,
  syncAsked: false,
};

const figures = (value: Overview, locale: 'sk' | 'en' = 'en', copyPreparing = false) =>
  renderToStaticMarkup(
    createElement(UnpaidFigures, {
      kind: 'invoices',
      overview: value,
      overdueHref: '/companies/20001/invoices?DueDateStatus=2',
      copyPreparing,
      tenantId: '20001',
      texts: documentTexts[locale],
      locale,
    }),
  );

/** The cards of the figures, each as its own markup (a card is a <section> inside the kind's section). */
const cardsOf = (html: string) => html.split('<section aria-labelledby=').slice(1);

describe('the overview’s figures of part of the documents', () => {
  const partial = overview(summary([800, '912345.67'], [0, '0'], false));

  it('shows nothing counted yet as being counted, never as a confident zero', () => {
    const [unpaid, overdue] = cardsOf(figures(partial, 'en', true));
    expect(overdue).toContain('Being counted…');
    expect(overdue).not.toContain('€');
    expect(overdue).not.toContain('0 documents');
    expect(unpaid).toContain('at least €912,345.67');
    expect(unpaid).toContain('at least 800 documents');
    const sk = cardsOf(figures(partial, 'sk', true));
    expect(sk[1]).toContain('Počíta sa…');
    expect(sk[1]).not.toMatch(/0,00\s€/);
    expect(sk[0]).toMatch(/aspoň 912\s345,67\s€/);
  });

  it('says on each card itself that it counts part of the documents, and why', () => {
    for (const card of cardsOf(figures(partial, 'en', true))) {
      expect(card).toContain(
        'Counted so far from the first 800 unpaid documents; the full figures follow once the company’s copy is complete.',
      );
    }
    expect(cardsOf(figures(partial, 'sk', true))[1]).toContain('Zatiaľ spočítané z prvých 800 neuhradených dokladov');
    // Without a copy being made (MIRROR_SYNC off: the page limit), only what was counted.
    expect(cardsOf(figures(partial))[1]).toContain('Totals cover the first 800 documents.');
  });

  it('shows complete figures as they are, without a caveat', () => {
    const html = figures(overview(summary([800, '912345.67'], [3, '150'], true)));
    expect(html).toContain('€912,345.67');
    expect(html).not.toContain('at least');
    expect(html).not.toContain('data-total-partial');
    expect(html).toContain('data-total-state="complete"');
  });
});

const freshness = (status: MirrorStatus | null, from: Overview['from'] | null, locale: 'sk' | 'en' = 'en') =>
  renderToStaticMarkup(
    createElement(OverviewFreshness, {
      overview: from && overview(summary([1, '1'], [0, '0'], true), from),
      status,
      texts: documentTexts[locale],
      locale,
      refresh: { action: '/companies/20001/sync', back: '/companies/20001' },
      now,
    }),
  );

describe('how fresh the overview is', () => {
  it('says how old the copy behind the figures is, not when the page was drawn, and offers an update', () => {
    const html = freshness(ready, 'mirror');
    expect(html).toContain('The figures come from the company’s copy, updated 2 minutes ago.');
    expect(html).not.toContain('As of');
    expect(html).toMatch(/<form action="\/companies\/20001\/sync" method="post">/);
    expect(html).toContain('name="back" value="/companies/20001"');
    expect(html).toContain('>Update now</button>');
    expect(freshness(ready, 'mirror', 'sk')).toContain(
      'Súčty sú z kópie dokladov firmy, aktualizovanej pred 2 minútami.',
    );
  });

  it('says when the last update failed, and that an update is under way from the moment it is asked', () => {
    const failed = {
      ...ready,
      lastError: { kind: 'unavailable', at: new Date('2026-11-24T09:57:00Z') },
      nextTryAt: now,
    };
    expect(freshness(failed, 'mirror')).toContain(
      'The last update failed 3 minutes ago; it will be tried again shortly.',
    );
    expect(freshness(failed, 'mirror', 'sk')).toContain('Posledná aktualizácia sa pred 3 minútami nepodarila');
    const asked = freshness({ ...ready, syncAsked: true }, 'mirror');
    expect(asked).toContain('Updating now…');
    expect(asked).toContain('aria-live="polite"');
  });

  it('while the copy is made, says the figures were read from the service and how far the copy got', () => {
    const preparing = { ...ready, status: 'syncing' as const, fullSyncedAt: null, lastSyncedAt: null, syncAsked: true };
    const html = freshness(preparing, 'service');
    expect(html).toMatch(/read straight from KROS at \d\d:\d\d while the company’s copy is prepared/);
    expect(html).toContain('(1,230 documents read so far)');
    expect(html).toContain('Updating now…');
    expect(freshness(preparing, 'service', 'sk')).toMatch(/doteraz načítaných 1\s230 dokladov/);
    // The service's read failed meanwhile: no figures, still the copy's state (and the watching that goes with it).
    const failedRead = freshness(preparing, null);
    expect(failedRead).toContain('Updating now…');
    expect(failedRead).toContain('data-figures-from="none"');
    expect(failedRead).not.toContain('read straight');
    expect(freshness(null, null)).toBe('');
  });

  it('says a stopped copy is stopped, without the button; without a copy at all, when the service was read', () => {
    const stopped = freshness({ ...ready, status: 'stopped' }, 'service');
    expect(stopped).toContain('access to the company’s data was removed');
    expect(stopped).not.toContain('<form');
    expect(freshness(null, 'service')).toMatch(/As of \d\d:\d\d\. Totals refresh every minute\./);
  });
});

describe('a company on the list of companies', () => {
  const entry = { tenantId: '10003', readiness: 'preparing' as const, figures: null };
  const line = (connected: boolean, locale: 'sk' | 'en' = 'en') =>
    renderToStaticMarkup(createElement(CompanyFiguresLine, { entry, connected, texts: documentTexts[locale], locale }));

  it('says a company without a connection is not connected and how to connect it, not that it is being prepared', () => {
    expect(line(false)).toContain('Not connected: open the company to connect it.');
    expect(line(false)).not.toContain('prepared');
    expect(line(false, 'sk')).toContain('Nie je pripojená: otvorte firmu a pripojte ju.');
    expect(line(false, 'sk')).not.toContain('pripravujú');
    expect(line(true)).toContain('Figures are being prepared');
  });
});
