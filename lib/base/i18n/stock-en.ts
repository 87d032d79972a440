import type { StockTexts } from './stock-sk';

/** English texts of the stock page and its minimums. */
export const en: StockTexts = {
  tab: 'Stock',
  title: 'Stock',
};
