import { en } from './activity-en';
import { type ActivityTexts, sk } from './activity-sk';

/** Texts of the company's activity page, Slovak and English (English must have every key Slovak has). Pure data. */

export type { ActivityTexts };

export const activityTexts: Record<'sk' | 'en', ActivityTexts> = { sk, en };
