import type { Widened } from './documents-sk';

/** Slovak texts of the stock page and its minimums (the shape every language follows). */

export const sk = {
  tab: 'Sklad',
  title: 'Sklad',
};

export type StockTexts = Widened<typeof sk>;
