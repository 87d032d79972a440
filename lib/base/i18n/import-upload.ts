import { en } from './import-upload-en';
import { type ImportUploadTexts, sk } from './import-upload-sk';
import { importsTexts } from './imports';
import { invoiceImportTexts } from './invoice-import';

/**
 * Texts of the bank-statement upload (its form, the CSV columns' confirmation, every refusal) and of the company's
 * list of imports, Slovak and English (English must have every key Slovak has). Pure data.
 */

export type { ImportUploadTexts };

export const importUploadTexts: Record<'sk' | 'en', ImportUploadTexts> = { sk, en };

/**
 * The words of an import's states and its lines' states: the import's page's own (a statement's or an invoice
 * file's), so the list of imports names each state as the page does.
 */
export function importStateWords(kind: 'payments' | 'invoices', locale: 'sk' | 'en') {
  const { importStates, states } = kind === 'payments' ? importsTexts[locale] : invoiceImportTexts[locale];
  return { importStates, states };
}

/** A refused upload's titles: a file that could not be read, else what else kept it out. */
export type RefusalTitles = { unread: string } & Partial<Record<RefusalTitle, string>>;
type RefusalTitle = 'account' | 'otherAccount' | 'columns' | 'noFile' | 'tooSlow' | 'busy';

/** The refusals that are no fault of the file's reading (a statement's codes and an invoice sheet's alike). */
const TITLE_OF: Record<string, RefusalTitle> = {
  account_required: 'account',
  account_unknown: 'account',
  account_foreign: 'otherAccount',
  account_mismatch: 'otherAccount',
  csv_mapping_incomplete: 'columns',
  no_file: 'noFile',
  'no-file': 'noFile',
  too_slow: 'tooSlow',
  'too-slow': 'tooSlow',
  busy: 'busy',
};

/**
 * The title of the page of a refused upload, fitting its refusal: "could not be read" only for a file that could not
 * be read; a statement read but refused for its account, a missing file, a slow upload or a busy reader say so.
 */
export function refusalTitle(code: string, titles: RefusalTitles): string {
  const own = Object.hasOwn(TITLE_OF, code) ? titles[TITLE_OF[code]!] : undefined;
  return own ?? titles.unread;
}
