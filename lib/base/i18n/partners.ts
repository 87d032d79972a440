import { en } from './partners-en';
import { type PartnerTexts, sk } from './partners-sk';

/** Texts of the partners list and a partner's statement, Slovak and English (English must have every key Slovak has). Pure data. */

export type { PartnerTexts };

export const partnersTexts: Record<'sk' | 'en', PartnerTexts> = { sk, en };
