import type { Widened } from './documents-sk';

/** Slovak texts of the payments and accounts pages (the shape every language follows). */

export const sk = {
  tab: 'Platby',
  title: 'Platby',
};

export type MoneyTexts = Widened<typeof sk>;
