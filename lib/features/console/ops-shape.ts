/**
 * The console's Launches and Data API pages read the operational records (lib/owners/ops/), which hold only the hours and
 * days something happened. A chart and its table want every hour and day of the window, quiet ones as zero: this
 * fills them in. Pure functions of their arguments (no clock, no database), all in UTC like the records.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type Tally = { exchanged: number; signedIn: number; failed: number };

/** The start (UTC) of the hour `at` falls in. */
export const startOfHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** The `count` hours up to and including the one `now` falls in, oldest first. */
export function lastHours(now: Date, count: number): Date[] {
  const current = startOfHour(now).getTime();
  return Array.from({ length: count }, (_, i) => new Date(current - (count - 1 - i) * HOUR_MS));
}

/** The `count` UTC days (YYYY-MM-DD) up to and including `now`'s, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

const zero = (): Tally => ({ exchanged: 0, signedIn: 0, failed: 0 });

/** Every hour of the window with its tally (zero where nothing was recorded); rows outside it are left out. */
export function fillHours<T extends Tally & { hour: Date }>(rows: readonly T[], hours: readonly Date[]) {
  const byHour = new Map(rows.map((row) => [row.hour.getTime(), row]));
  return hours.map((hour) => {
    const row = byHour.get(hour.getTime());
    return { hour, ...(row ? { exchanged: row.exchanged, signedIn: row.signedIn, failed: row.failed } : zero()) };
  });
}

/** Every day of the window with its tally (zero where nothing was recorded). */
export function fillDays<T extends Tally & { day: string }>(rows: readonly T[], days: readonly string[]) {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => {
    const row = byDay.get(day);
    return { day, ...(row ? { exchanged: row.exchanged, signedIn: row.signedIn, failed: row.failed } : zero()) };
  });
}

/**
 * The words for a reason code as recorded: the texts' own, a launch JWT's claim that failed its shape
 * (`jwt_claim_<name>`, lib/owners/sessions/launch-jwt.ts) by the claim's name, or null for a code the texts do not know (one
 * added later: the page shows the code itself).
 */
export function reasonName(
  reason: string,
  texts: { names: Readonly<Record<string, string>>; claimMalformed: string },
): string | null {
  if (Object.hasOwn(texts.names, reason)) return texts.names[reason]!;
  const claim = /^jwt_claim_([a-z_]+)$/.exec(reason)?.[1];
  return claim ? texts.claimMalformed.replace('{claim}', claim) : null;
}

export type CompanyHours = { key: string; hourly: readonly { hour: Date; calls: number }[] };

/**
 * Calls per hour of the window for the busiest `limit` companies (in the order given, busiest first), and the rest
 * summed as one series (`others`, null when there are none), so a chart's legend stays readable with many companies.
 */
export function callsPerHour(
  companies: readonly CompanyHours[],
  hours: readonly Date[],
  limit: number,
): { series: { key: string; calls: number[] }[]; others: number[] | null } {
  const index = new Map(hours.map((hour, i) => [hour.getTime(), i]));
  const spread = (hourly: CompanyHours['hourly'], into: number[]) => {
    for (const { hour, calls } of hourly) {
      const i = index.get(hour.getTime());
      if (i !== undefined) into[i]! += calls;
    }
    return into;
  };
  const series = companies.slice(0, limit).map((company) => ({
    key: company.key,
    calls: spread(company.hourly, new Array<number>(hours.length).fill(0)),
  }));
  const rest = companies.slice(limit);
  const others =
    rest.length === 0
      ? null
      : rest.reduce((sum, company) => spread(company.hourly, sum), new Array<number>(hours.length).fill(0));
  return { series, others };
}
