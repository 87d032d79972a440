import { en } from './stock-en';
import { sk, type StockTexts } from './stock-sk';

/** Texts of the stock page and its minimums, Slovak and English (English must have every key Slovak has). Pure data. */

export type { StockTexts };

export const stockTexts: Record<'sk' | 'en', StockTexts> = { sk, en };
