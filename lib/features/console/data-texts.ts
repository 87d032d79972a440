import 'server-only';

import { consoleDataTexts } from '@/lib/base/i18n/console-data';
import { consolePagesTexts } from '@/lib/base/i18n/console-pages';
import { getMessages } from '@/lib/base/i18n/server';

/**
 * The texts of the console's Companies, Users and Audit log pages in the request's language: their data and
 * actions (`d`) and the pages' own words (`p`). Read here, as lib/features/console/texts.ts reads the shell's, so the
 * company pages' message catalogue does not carry the console's.
 */
export async function getConsoleDataTexts() {
  const { locale } = await getMessages();
  return { locale, d: consoleDataTexts[locale], p: consolePagesTexts[locale] };
}

/** Fills `{name}`, `{count}`, `{at}` in a text: the one filler of every text (no "s.r.o.." at a sentence's end). */
export { fill } from '@/lib/base/i18n/documents';

/** Those texts with their language, as the console's tables take them. */
export type ConsoleDataPageTexts = Awaited<ReturnType<typeof getConsoleDataTexts>>;
