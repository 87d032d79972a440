import 'server-only';

import { consoleShellTexts } from '@/lib/base/i18n/console-shell';
import { getMessages } from '@/lib/base/i18n/server';

/** The console shell's texts in the request's language (Accept-Language, as the rest of the add-on). */
export async function getConsoleTexts() {
  const { locale } = await getMessages();
  return { locale, c: consoleShellTexts[locale] };
}
