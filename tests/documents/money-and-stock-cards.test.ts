import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { MoneyAndStockCards } from '@/components/money-and-stock-cards';
import { messages } from '@/lib/base/i18n/messages';
import type { MoneyAndStockCards as Cards } from '@/lib/features/overview/money-and-stock-cards';

/**
 * The overview's row of money, stock and partners: each card only when its kind can be shown (the loaders answer
 * null otherwise), in both languages, each linking to the page behind its figure.
 */
const cards: Cards = {
  received: {
    count: 3,
    byCurrency: [
      { currency: 'EUR', count: 2, sum: '1234.50' },
      { currency: 'CZK', count: 1, sum: '1000' },
    ],
    from: '2026-11-01',
    to: '2026-11-30',
    href: '/companies/10001/payments?PaymentDateFrom=2026-11-01&PaymentDateTo=2026-11-30',
  },
  stock: { hasMinimums: true, below: 2, href: '/companies/10001/stock?below=1' },
  overduePartners: {
    partners: [
      {
        key: 'ico:36123456',
        name: 'Hruška s.r.o.',
        overdue: '980.00',
        count: 2,
        oldestDays: 41,
        href: '/companies/10001/partners/ico%3A36123456',
      },
    ],
    allHref: '/companies/10001/partners?sort=-overdue',
  },
};

const render = (given: Cards, locale: 'sk' | 'en') =>
  renderToStaticMarkup(createElement(MoneyAndStockCards, { cards: given, t: messages[locale], locale }));

describe('the overview’s money, stock and partners', () => {
  it('shows the money received this month per currency, the items under their minimum and the most overdue partners', () => {
    const sk = render(cards, 'sk');
    expect(sk).toContain('Prijaté tento mesiac');
    expect(sk).toContain('href="/companies/10001/payments?PaymentDateFrom=2026-11-01&amp;PaymentDateTo=2026-11-30"');
    expect(sk).toMatch(/1\s234,50\s€/);
    expect(sk).toContain('Položky pod minimom');
    expect(sk).toContain('href="/companies/10001/stock?below=1"');
    expect(sk).toContain('Hruška s.r.o.');
    expect(sk).toContain('href="/companies/10001/partners/ico%3A36123456"');
    expect(sk).toContain('41 dní po splatnosti');

    const en = render(cards, 'en');
    expect(en).toContain('Received this month');
    expect(en).toContain('Partners most overdue');
    expect(en).toMatch(/€980\.00/);
  });

  it('leaves out each card its kind cannot show, and the whole row when none can', () => {
    const received = render({ ...cards, stock: null, overduePartners: null }, 'en');
    expect(received).toContain('Received this month');
    expect(received).not.toContain('Items under');
    expect(received).not.toContain('Partners most overdue');
    expect(render({ received: null, stock: null, overduePartners: null }, 'sk')).toBe('');
  });
});
