import { en } from './console-data-en';
import { type ConsoleDataTexts, sk } from './console-data-sk';

/**
 * Texts of the operators' console's data pages and actions, Slovak and English (English must have every key Slovak
 * has). Pure data.
 */

export type { ConsoleDataTexts };

export const consoleDataTexts: Record<'sk' | 'en', ConsoleDataTexts> = { sk, en };
