import { en } from './money-en';
import { type MoneyTexts, sk } from './money-sk';

/** Texts of the payments and accounts pages, Slovak and English (English must have every key Slovak has). Pure data. */

export type { MoneyTexts };

export const moneyTexts: Record<'sk' | 'en', MoneyTexts> = { sk, en };
