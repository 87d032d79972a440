import { en } from './import-upload-en';
import { type ImportUploadTexts, sk } from './import-upload-sk';

/**
 * Texts of the bank-statement upload (its form, the CSV columns' confirmation, every refusal) and of the company's
 * list of imports, Slovak and English (English must have every key Slovak has). Pure data.
 */

export type { ImportUploadTexts };

export const importUploadTexts: Record<'sk' | 'en', ImportUploadTexts> = { sk, en };
