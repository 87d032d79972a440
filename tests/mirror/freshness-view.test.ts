import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { MirrorFreshness } from '@/components/mirror-freshness';
import { documentTexts } from '@/lib/base/i18n/documents';
import type { DocumentKind } from '@/lib/owners/mirror/kinds';
import type { MirrorStatus } from '@/lib/owners/mirror/status';

/** What a list says of the company's synchronized copy, above it, in both languages, with its refresh button. */

const now = new Date('2026-11-24T10:00:00Z');
const base: MirrorStatus = {
  status: 'ready',
  fullSyncedAt: new Date('2026-11-24T08:00:00Z'),
  lastSyncedAt: new Date('2026-11-24T09:58:00Z'),
  reconciledAt: null,
  progress: {
    invoices: { read: 0, done: true },
    expenses: { read: 0, done: true },
    deliveryNotes: { read: 0, done: true },
  },
  lastError: null,
  nextTryAt: null,
  lastOpenedAt: null,
  syncAsked: false,
};
const refresh = { action: '/companies/10001/sync', back: '/companies/10001/invoices?PaymentStatus=0' };
const render = (status: Partial<MirrorStatus>, locale: 'sk' | 'en' = 'en', kind: DocumentKind = 'invoices') =>
  renderToStaticMarkup(
    createElement(MirrorFreshness, {
      status: { ...base, ...status },
      kind,
      texts: documentTexts[locale],
      locale,
      refresh,
      now,
    }),
  );

describe('how fresh a list is', () => {
  it('says when the copy was updated, and offers to update it now, back to this very list', () => {
    const html = render({});
    expect(html).toContain('Updated 2 minutes ago.');
    expect(html).toContain('data-mirror-status="ready"');
    expect(html).toMatch(/<form action="\/companies\/10001\/sync" method="post">/);
    expect(html).toContain('name="back" value="/companies/10001/invoices?PaymentStatus=0"');
    expect(render({}, 'sk')).toContain('Aktualizované pred 2 minútami.');
  });

  it('before the first full sync, says search is being prepared and how far each kind got', () => {
    const html = render({
      status: 'syncing',
      syncAsked: true,
      fullSyncedAt: null,
      lastSyncedAt: null,
      progress: { ...base.progress, invoices: { read: 1200, done: false }, expenses: { read: 0, done: false } },
    });
    expect(html).toContain('Preparing fast search of this list;');
    expect(html).toContain('Updating now…');
    expect(html).toContain(
      '<li data-kind="invoices" data-kind-state="reading">Invoices: 1,200 documents read so far</li>',
    );
    expect(html).toContain('Expenses: 0 documents read so far');
    expect(
      render(
        {
          fullSyncedAt: null,
          lastSyncedAt: null,
          progress: { ...base.progress, invoices: { read: 1200, done: false } },
        },
        'sk',
      ),
    ).toMatch(/Faktúry: doteraz načítaných 1\s200 dokladov/);
  });

  it('says the same of every kind on every list during the first copy (issue 17: no total, "N read so far")', () => {
    const firstSync = {
      status: 'syncing' as const,
      fullSyncedAt: null,
      lastSyncedAt: null,
      progress: {
        invoices: { read: 18400, done: false },
        expenses: { read: 0, done: false },
        deliveryNotes: { read: 0, done: false },
      },
    };
    const kinds = (html: string) => html.slice(html.indexOf('<ul'), html.indexOf('</ul>'));
    const invoices = render(firstSync, 'en', 'invoices');
    const expenses = render(firstSync, 'en', 'expenses');
    expect(kinds(invoices)).toBe(kinds(expenses));
    expect(kinds(expenses)).toContain('Invoices: 18,400 documents read so far');
    expect(kinds(expenses)).toContain('aria-label="Copied so far, by kind"');
    expect(kinds(render(firstSync, 'sk', 'expenses'))).toMatch(/Faktúry: doteraz načítaných 18\s400 dokladov/);
  });

  it('during the first full sync, says a list whose kind was read whole is searchable, the others still prepared', () => {
    const firstSync = {
      status: 'syncing' as const,
      fullSyncedAt: null,
      lastSyncedAt: null,
      progress: { ...base.progress, invoices: { read: 150, done: true }, expenses: { read: 300, done: false } },
    };
    const invoices = render(firstSync);
    expect(invoices).toContain('Fast search of this list is ready.');
    expect(invoices).toContain('Invoices: all read (150 documents)');
    expect(invoices).not.toContain('Preparing');
    expect(render(firstSync, 'sk')).toContain('Rýchle vyhľadávanie v tomto zozname je pripravené');
    expect(render(firstSync, 'sk')).toContain('Faktúry: načítané všetky (150 dokladov)');
    const expenses = render(firstSync, 'en', 'expenses');
    expect(expenses).toContain('Preparing fast search of this list;');
    expect(expenses).toContain('Expenses: 300 documents read so far');
  });

  it('says on a refused kind’s own list that the service refuses it, during the first copy and after it', () => {
    const refused = {
      status: 'syncing' as const,
      fullSyncedAt: null,
      lastSyncedAt: null,
      progress: {
        invoices: { read: 150, done: true },
        expenses: { read: 40, done: true },
        deliveryNotes: { read: 0, done: false, refused: 'not-found' as const },
      },
    };
    const notes = render(refused, 'en', 'deliveryNotes');
    expect(notes).toContain('data-kind-refused="not-found"');
    expect(notes).toContain('it answered “not found”');
    expect(notes).toContain('Delivery notes: KROS does not give them for this company');
    expect(notes).not.toContain('Preparing');
    expect(render(refused, 'sk', 'deliveryNotes')).toContain('(odpovedala „nenájdené“)');
    // Another kind's list names it among the kinds, but does not say it of itself.
    expect(render(refused, 'en', 'invoices')).not.toContain('data-kind-refused');
    // After the first full sync only its own list says it, beside how fresh the rest is.
    const later = {
      ...refused,
      status: 'ready' as const,
      fullSyncedAt: base.fullSyncedAt,
      lastSyncedAt: base.lastSyncedAt,
    };
    const after = render(
      { ...later, progress: { ...later.progress, deliveryNotes: { read: 0, done: false, refused: 'forbidden' } } },
      'en',
      'deliveryNotes',
    );
    expect(after).toContain('Updated 2 minutes ago.');
    expect(after).toContain('it answered “forbidden”');
    expect(render(later, 'en', 'invoices')).not.toContain('<ul');
  });

  it('says “updating…” from the moment an update is asked, before a worker began it, and watches for its end', () => {
    const asked = render({ syncAsked: true });
    expect(asked).toContain('Updated 2 minutes ago. Updating now…');
    expect(asked).toMatch(/<p aria-live="polite">/);
    expect(render({ syncAsked: true }, 'sk')).toContain('Práve sa aktualizuje…');
    expect(render({})).not.toContain('Updating now…');
  });

  it('says a failed update will be tried again, a 402 paused it, and a refused token stopped it (no button then)', () => {
    expect(render({ lastError: { kind: 'busy', at: now }, nextTryAt: now })).toContain('The last update failed');
    expect(render({ status: 'paused' })).toContain('the company has no API package');
    const stopped = render({ status: 'stopped' });
    expect(stopped).toContain('access to the company’s data was removed');
    expect(stopped).not.toContain('<form');
  });
});
