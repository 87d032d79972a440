import 'server-only';

import { type CompanyUsage, dataApiUsage } from '@/lib/owners/ops/data-api-usage';
import { getDb } from '@/lib/platform/db/client';

import { companyNames } from './company-names';
import { callsPerHour, lastHours } from './ops-shape';
import { companyKey, type OpsReadOptions } from './rows';

/** One company's use of the data API, named as the service named it (or by its id alone). */
export type ConsoleDataApiCompany = CompanyUsage & { key: string; label: string };

/** The console's Data API page, as plain data. */
export type ConsoleDataApi = {
  /** The hours of the window, oldest first. */
  hours: Date[];
  /** The companies that called the data API in the window, busiest first. */
  companies: ConsoleDataApiCompany[];
  /** Calls per hour of the `chartCompanies` busiest, and the rest as one series (null when there is none). */
  chart: ReturnType<typeof callsPerHour>;
};

/**
 * Data-API use per company in the last 24 hours, from the operational records every instance writes
 * (lib/owners/ops/): calls, 429s, budget wait p50/p95 per priority, errors by kind, and calls per hour.
 */
export async function consoleDataApi({
  chartCompanies,
  now = new Date(),
  db,
}: { chartCompanies: number } & OpsReadOptions): Promise<ConsoleDataApi> {
  const hours = lastHours(now, 24);
  const database = db ?? (await getDb());
  const [usage, names] = await Promise.all([dataApiUsage(database, { since: hours[0]! }), companyNames(database)]);
  const companies = usage.map((company) => {
    const key = companyKey(company.pluginId, company.tenantId);
    const name = names.get(key);
    return { ...company, key, label: name ? `${name} (${company.tenantId})` : company.tenantId };
  });
  return { hours, companies, chart: callsPerHour(companies, hours, chartCompanies) };
}
