import { OpsChartCard } from '@/components/console/ops-chart-card';
import { figures, RowHeader, Table, Td } from '@/components/table';
import { type ConsoleOpsTexts, consoleOpsTexts, fillIn } from '@/lib/base/i18n/console-ops';
import { hourOfDay } from '@/lib/base/i18n/console-ops-format';
import { formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import { callsPerHourSvg } from '@/lib/features/charts/console-ops';
import type { ConsoleDataApi } from '@/lib/features/console/data-api';
import type { BudgetWait } from '@/lib/features/console/views';

function waitText(wait: BudgetWait, t: ConsoleOpsTexts['dataApi'], locale: Locale): string {
  if (wait.calls === 0 || wait.p50Ms === null || wait.p95Ms === null) return t.noCalls;
  const ms = (value: number) => fillIn(t.ms, { value: formatNumber(value, locale, 0) });
  return `${ms(wait.p50Ms)} / ${ms(wait.p95Ms)}`;
}

/**
 * The Data API page's chart (calls per hour, the busiest companies in their own colour and the rest as one) with its
 * table: per company calls, 429s, budget wait p50/p95 per priority and errors by kind. A note when none called.
 */
export function DataApiUsage({
  usage: { hours, companies, chart },
  locale,
}: {
  usage: ConsoleDataApi;
  locale: Locale;
}) {
  const texts = consoleOpsTexts[locale];
  const t = texts.dataApi;
  if (companies.length === 0)
    return (
      <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">{t.none}</p>
    );
  const labelOf = new Map(companies.map((company) => [company.key, company.label]));
  const count = (value: number) => formatNumber(value, locale, 0);
  return (
    <div className="mt-4 grid grid-cols-1 gap-4">
      <OpsChartCard
        id="chart-data-api-calls"
        title={t.chartTitle}
        svg={callsPerHourSvg(
          hours.map((hour) => hourOfDay(hour, locale)),
          chart.series.map((series) => ({ name: labelOf.get(series.key) ?? series.key, calls: series.calls })),
          chart.others
            ? { name: fillIn(t.others, { count: companies.length - chart.series.length }), calls: chart.others }
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
  );
}
