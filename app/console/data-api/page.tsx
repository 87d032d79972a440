import type { Metadata } from 'next';
import { requireOperator } from '@/lib/doors/console/operator';
import { getConsoleTexts } from '@/lib/features/console/texts';
import { getDb } from '@/lib/platform/db/client';
import { dataApiUsage, type BudgetWait } from '@/lib/owners/ops/data-api-usage';
import { companyNames } from '@/lib/features/console/company-names';
import { companyKey } from '@/lib/features/console/rows';
import { callsPerHour, lastHours } from '@/lib/features/console/ops-shape';
import { callsPerHourSvg } from '@/lib/features/charts/console-ops';
import { consoleOpsTexts, fillIn, type ConsoleOpsTexts } from '@/lib/base/i18n/console-ops';
import { hourOfDay } from '@/lib/base/i18n/console-ops-format';
import { formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import { OpsChartCard } from '@/components/console/ops-chart-card';
import { figures, RowHeader, Table, Td } from '@/components/table';

export const dynamic = 'force-dynamic';

/** Companies drawn in their own colour; the rest are one grey series. */
const CHART_COMPANIES = 6;

export async function generateMetadata(): Promise<Metadata> {
  const { locale, c } = await getConsoleTexts();
  return { title: { absolute: `${consoleOpsTexts[locale].dataApi.title} · ${c.consoleName}` } };
}

function waitText(wait: BudgetWait, t: ConsoleOpsTexts['dataApi'], locale: Locale): string {
  if (wait.calls === 0 || wait.p50Ms === null || wait.p95Ms === null) return t.noCalls;
  const ms = (value: number) => fillIn(t.ms, { value: formatNumber(value, locale, 0) });
  return `${ms(wait.p50Ms)} / ${ms(wait.p95Ms)}`;
}

/**
 * Data-API use per company in the last 24 hours, from the operational records every instance writes (lib/ops/):
 * calls, 429s, budget wait p50/p95 per priority, errors by kind, and calls per hour as a chart.
 */
export default async function ConsoleDataApi() {
  await requireOperator();
  const { locale } = await getConsoleTexts();
  const texts = consoleOpsTexts[locale];
  const t = texts.dataApi;
  const now = new Date();
  const hours = lastHours(now, 24);
  const db = await getDb();
  const [usage, names] = await Promise.all([dataApiUsage(db, { since: hours[0]! }), companyNames(db)]);
  const companies = usage.map((company) => {
    const name = names.get(companyKey(company.pluginId, company.tenantId));
    return {
      ...company,
      key: companyKey(company.pluginId, company.tenantId),
      label: name ? `${name} (${company.tenantId})` : company.tenantId,
    };
  });
  const chart = callsPerHour(companies, hours, CHART_COMPANIES);
  const labelOf = new Map(companies.map((company) => [company.key, company.label]));
  const count = (value: number) => formatNumber(value, locale, 0);

  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <h1 className="text-xl font-semibold text-slate-900">{t.title}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        {t.intro} {texts.utc}
      </p>
      {companies.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">{t.none}</p>
      ) : (
        <div className="mt-4 grid grid-cols-1 gap-4">
          <OpsChartCard
            id="chart-data-api-calls"
            title={t.chartTitle}
            svg={callsPerHourSvg(
              hours.map((hour) => hourOfDay(hour, locale)),
              chart.series.map((series) => ({ name: labelOf.get(series.key) ?? series.key, calls: series.calls })),
              chart.others
                ? {
                    name: fillIn(t.others, { count: companies.length - chart.series.length }),
                    calls: chart.others,
                  }
                : null,
              { title: t.chartTitle, description: texts.showNumbers },
              locale,
            )}
          >
            <Table
              caption={t.tableTitle}
              columns={[t.company, ...figures(t.calls, t.rateLimited, t.waitPage, t.waitBackground), t.errors]}
            >
              {companies.map((company) => {
                const errors = Object.entries(company.errorsByKind).sort(([, a], [, b]) => b - a);
                return (
                  <tr key={company.key} data-tenant={company.tenantId}>
                    <RowHeader>{company.label}</RowHeader>
                    <Td numeric>{count(company.calls)}</Td>
                    <Td numeric>{count(company.rateLimited)}</Td>
                    <Td numeric>{waitText(company.wait.page, t, locale)}</Td>
                    <Td numeric>{waitText(company.wait.background, t, locale)}</Td>
                    <Td>
                      {errors.length === 0
                        ? t.noErrors
                        : errors.map(([kind, calls]) => `${t.kinds[kind] ?? kind}: ${count(calls)}`).join(', ')}
                    </Td>
                  </tr>
                );
              })}
            </Table>
          </OpsChartCard>
        </div>
      )}
    </main>
  );
}
