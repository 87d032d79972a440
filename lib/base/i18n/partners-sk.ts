import type { Widened } from './documents-sk';

/** Slovak texts of the partners list and a partner's statement (the shape every language follows). */

export const sk = {
  tab: 'Partneri',
  title: 'Partneri',
};

export type PartnerTexts = Widened<typeof sk>;
