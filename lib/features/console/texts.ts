import 'server-only';

import type { Metadata } from 'next';

import { type ConsoleDataTexts, consoleDataTexts } from '@/lib/base/i18n/console-data';
import { consoleOpsTexts } from '@/lib/base/i18n/console-ops';
import { type ConsoleShellTexts, consoleShellTexts } from '@/lib/base/i18n/console-shell';
import { getMessages } from '@/lib/base/i18n/server';

/** The console shell's texts in the request's language (Accept-Language, as the rest of the add-on). */
export async function getConsoleTexts() {
  const { locale } = await getMessages();
  return { locale, c: consoleShellTexts[locale] };
}

type ConsoleTitles = {
  c: ConsoleShellTexts;
  d: ConsoleDataTexts;
  ops: (typeof consoleOpsTexts)[keyof typeof consoleOpsTexts];
};

/**
 * A console page's `<title>` in the request's language: the page's own (picked from the shell's texts `c`, the data
 * pages' `d` or the operational pages' `ops`), then the console's name; the console's name alone without one.
 */
export async function consoleMetadata(pageTitle?: (texts: ConsoleTitles) => string): Promise<Metadata> {
  const { locale, c } = await getConsoleTexts();
  if (!pageTitle) return { title: { absolute: c.consoleName } };
  const title = pageTitle({ c, d: consoleDataTexts[locale], ops: consoleOpsTexts[locale] });
  return { title: { absolute: `${title} · ${c.consoleName}` } };
}
