import type { Locale } from '@/lib/base/i18n/messages';

import type { Cell } from './columns';

/**
 * What a file writer (csv.ts, xlsx.ts) is given beside the columns and the rows: the user's language, the company's
 * day (days overdue), the totals rows read once every row is out, and whom to tell of a failure after the first byte.
 */
export type WriterOptions = {
  locale: Locale;
  today: string;
  totals: () => Promise<Cell[][]>;
  failed: (error: unknown) => void;
};
