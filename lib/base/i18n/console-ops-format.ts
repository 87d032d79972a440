import type { Locale } from '@/lib/base/i18n/messages';

/**
 * Hours and days of the operational records for the console, in UTC as they are recorded (a day of the records is a
 * UTC day, so its hours are shown in UTC too; the pages say so).
 */

const tags: Record<Locale, string> = { sk: 'sk-SK', en: 'en-GB' };
const cache = new Map<string, Intl.DateTimeFormat>();
function format(locale: Locale, options: Intl.DateTimeFormatOptions, at: Date): string {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) cache.set(key, (formatter = new Intl.DateTimeFormat(tags[locale], { timeZone: 'UTC', ...options })));
  return formatter.format(at);
}

/** "14:00", for a chart's axis. */
export const hourOfDay = (hour: Date, locale: Locale) =>
  format(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, hour);

/** "24. 11. 14:00" / "24/11, 14:00", for a table's row. */
export const dayAndHour = (hour: Date, locale: Locale) =>
  format(locale, { day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, hour);

/** "24. 11." / "24/11" (a YYYY-MM-DD day), for a chart's axis. */
export const shortDay = (day: string, locale: Locale) =>
  format(locale, { day: 'numeric', month: 'numeric' }, new Date(`${day}T00:00:00Z`));

/** "24. 11. 2026" / "24/11/2026", for a table's row. */
export const longDay = (day: string, locale: Locale) =>
  format(locale, { day: 'numeric', month: 'numeric', year: 'numeric' }, new Date(`${day}T00:00:00Z`));
