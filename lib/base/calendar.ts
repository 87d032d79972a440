/**
 * The company's calendar. Pure and secret-free: safe in client components and tests.
 *
 * The service's record dates ("2026-07-22T00:00:00") carry no zone: they are calendar days of the company's books.
 * They are handled as days, never turned into instants, so no time zone can move them to the day before.
 * "Today" is the company's, Europe/Bratislava, whatever zone the server runs in.
 */

export const COMPANY_TIME_ZONE = 'Europe/Bratislava';

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** The calendar day of a service date, "yyyy-MM-dd", or null for anything that is not one. */
export function calendarDay(value: string | null | undefined): string | null {
  const match = value ? dayPattern.exec(value) : null;
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

// Built once: an Intl formatter costs far more to build than to use, and every list page asks for today.
const dayInCompanyZone = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The company's calendar day at a moment: "today" in Europe/Bratislava as "yyyy-MM-dd". */
export function companyToday(now: Date): string {
  const parts = dayInCompanyZone.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar day moved by whole days (negative: back), on the calendar, not through a clock. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
