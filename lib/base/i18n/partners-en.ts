import type { PartnerTexts } from './partners-sk';

/** English texts of the partners list and a partner's statement. */
export const en: PartnerTexts = {
  tab: 'Partners',
  title: 'Partners',
};
