import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { AttachmentList } from '@/components/attachment-list';
import { Tags } from '@/components/detail-parts';
import { fillIn } from '@/lib/base/i18n/console-ops';
import { documentTexts, fill } from '@/lib/base/i18n/documents';
import { fileTypeLabel } from '@/lib/features/documents/downloads';

/** What a new user reads (issue 17): sentences punctuated once and fully, types and labels in words, in both languages. */

describe('filling a text', () => {
  it('never doubles the period after a name that ends with one', () => {
    const name = 'Stolárstvo Šťastný, s.r.o.';
    expect(fill('Bez firiem: {companies}.', { companies: name })).toBe('Bez firiem: Stolárstvo Šťastný, s.r.o.');
    expect(fill('Not included: {companies}.', { companies: `Pekáreň, ${name}` })).toBe(
      'Not included: Pekáreň, Stolárstvo Šťastný, s.r.o.',
    );
    expect(fillIn('Firma {name}. Ďalej…', { name })).toBe('Firma Stolárstvo Šťastný, s.r.o. Ďalej…');
    // A value without its own period, or one not at a sentence's end, is filled as it is.
    expect(fill('Faktúr po splatnosti: {count}.', { count: 186 })).toBe('Faktúr po splatnosti: 186.');
    expect(fill('{name} stále nie je pripojená.', { name })).toBe(`${name} stále nie je pripojená.`);
    expect(fill('Chýba {missing}.', {})).toBe('Chýba {missing}.');
  });
});

describe('the invalid-filter hint', () => {
  it('separates its rules as sentences’ parts, in both languages', () => {
    for (const locale of ['sk', 'en'] as const) {
      const hint = documentTexts[locale].filters.invalidHint;
      const rules = hint.replace(/\.$/, '').split('; ');
      expect(rules, locale).toHaveLength(4);
      for (const rule of rules) expect(rule, locale).not.toMatch(/[,;]\s*$/);
    }
    expect(documentTexts.sk.filters.invalidHint).toContain('nesmie byť po jeho konci; texty majú');
  });
});

describe('the list searches', () => {
  it('promise a variable symbol only where the documents have one', () => {
    for (const locale of ['sk', 'en'] as const) {
      const placeholders = documentTexts[locale].search.placeholders;
      expect(placeholders.invoices).toMatch(/variab/);
      expect(placeholders.expenses).toMatch(/variab/);
      expect(placeholders.deliveryNotes).not.toMatch(/variab/);
    }
  });
});

describe('an attachment’s type and its preview', () => {
  const sk = documentTexts.sk.attachments.fileTypes;
  const en = documentTexts.en.attachments.fileTypes;

  it('says the type in words, never the media type', () => {
    expect(fileTypeLabel('application/pdf', 'blocek.pdf', sk)).toBe('PDF');
    expect(fileTypeLabel('image/png', 'sken.png', sk)).toBe('Obrázok PNG');
    expect(fileTypeLabel('image/jpeg', null, en)).toBe('JPG image');
    expect(fileTypeLabel('application/vnd.ms-excel', 'zoznam.xls', sk)).toBe('Súbor XLS');
    expect(fileTypeLabel(null, 'zmluva.pdf', en)).toBe('PDF');
    expect(fileTypeLabel('application/x-unknown', null, sk)).toBe('Súbor');
  });

  it('lists a PDF as “PDF · size” and offers its download under the preview, in both languages', () => {
    for (const [locale, fallback] of [
      ['sk', 'Ak sa PDF nezobrazí, <a href="/d" class="[^"]*">stiahnite si ho</a>.'],
      ['en', 'If the PDF does not show, <a href="/d" class="[^"]*">download it</a>.'],
    ] as const) {
      const html = renderToStaticMarkup(
        createElement(AttachmentList, {
          attachments: [
            {
              id: 'a1',
              name: 'blocek.pdf',
              contentType: 'application/pdf',
              size: 2066,
              download: '/d',
              inline: 'pdf',
              inlineSrc: '/d?disposition=inline',
            },
          ],
          texts: documentTexts[locale],
          locale,
        }),
      );
      expect(html).not.toContain('application/pdf');
      expect(html).toMatch(/>PDF · 2[,.]1\skB</);
      expect(html).toMatch(new RegExp(fallback));
      expect(html).not.toMatch(/new window|novom okne/);
    }
  });
});

describe('a document’s tags', () => {
  it('are labelled in words beside the chips', () => {
    for (const locale of ['sk', 'en'] as const) {
      const html = renderToStaticMarkup(
        createElement(Tags, { tags: ['VIP', { name: 'e-shop' }], texts: documentTexts[locale] }),
      );
      const label = documentTexts[locale].detail.tagsTitle;
      expect(html).toMatch(
        new RegExp(`<span id="document-tags"[^>]*>${label}:</span><ul aria-labelledby="document-tags"`),
      );
      expect(html).toContain('>VIP</li>');
    }
  });
});
