import type { MoneyTexts } from './money-sk';

/** English texts of the payments and accounts pages. */
export const en: MoneyTexts = {
  tab: 'Payments',
  title: 'Payments',
};
