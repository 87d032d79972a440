import { OpsChartCard } from '@/components/console/ops-chart-card';
import { figures, RowHeader, Table, Td } from '@/components/table';
import { consoleOpsTexts, fillIn } from '@/lib/base/i18n/console-ops';
import { dayAndHour, hourOfDay, longDay, shortDay } from '@/lib/base/i18n/console-ops-format';
import { formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import { failureReasonsSvg, launchTallySvg } from '@/lib/features/charts/console-ops';
import type { ConsoleLaunches } from '@/lib/features/console/launches';
import { reasonName, type Tally } from '@/lib/features/console/ops-shape';

/** One hour or day: its tally, its short label on the chart, its label in the table and the row's data attribute. */
type TallyRow = Tally & { key: string | number; chartLabel: string; label: string; at: Record<string, string> };

/**
 * The Launches page's charts with their tables: launches per hour and per day (exchanged, signed in, failed), and
 * failures by reason over the days (reason codes and counts only).
 */
export function LaunchCharts({ launches, days, locale }: { launches: ConsoleLaunches; days: number; locale: Locale }) {
  const texts = consoleOpsTexts[locale];
  const t = texts.launches;
  const dailyTitle = fillIn(t.dailyTitle, { days });
  return (
    <div className="mt-4 grid grid-cols-1 gap-4">
      <TallyCard
        id="chart-launches-hourly"
        title={t.hourlyTitle}
        firstColumn={t.hour}
        rows={launches.hourly.map((row) => ({
          ...row,
          key: row.hour.getTime(),
          chartLabel: hourOfDay(row.hour, locale),
          label: dayAndHour(row.hour, locale),
          at: { 'data-hour': row.hour.toISOString() },
        }))}
        locale={locale}
      />
      <TallyCard
        id="chart-launches-daily"
        title={dailyTitle}
        firstColumn={t.day}
        rows={launches.daily.map((row) => ({
          ...row,
          key: row.day,
          chartLabel: shortDay(row.day, locale),
          label: longDay(row.day, locale),
          at: { 'data-day': row.day },
        }))}
        locale={locale}
      />
      <FailuresCard failures={launches.failures} days={days} locale={locale} />
    </div>
  );
}

/** One window's launches: the chart of the tallies and their table, the latest first. */
function TallyCard({
  id,
  title,
  firstColumn,
  rows,
  locale,
}: {
  id: string;
  title: string;
  firstColumn: string;
  rows: TallyRow[];
  locale: Locale;
}) {
  const texts = consoleOpsTexts[locale];
  const t = texts.launches;
  const series = { exchanged: t.exchanged, signedIn: t.signedIn, failed: t.failed };
  const count = (value: number) => formatNumber(value, locale, 0);
  return (
    <OpsChartCard
      id={id}
      title={title}
      svg={launchTallySvg(
        rows.map((row) => row.chartLabel),
        rows,
        series,
        { title, description: texts.showNumbers },
        locale,
      )}
    >
      <Table caption={title} columns={[firstColumn, ...figures(t.exchanged, t.signedIn, t.failed)]}>
        {[...rows].reverse().map((row) => (
          <tr key={row.key} {...row.at}>
            <RowHeader>{row.label}</RowHeader>
            <Td numeric>{count(row.exchanged)}</Td>
            <Td numeric>{count(row.signedIn)}</Td>
            <Td numeric>{count(row.failed)}</Td>
          </tr>
        ))}
      </Table>
    </OpsChartCard>
  );
}

/** Failures over the days by step and reason: the reason's words where the texts know it, and its code. */
function FailuresCard({
  failures: counted,
  days,
  locale,
}: {
  failures: ConsoleLaunches['failures'];
  days: number;
  locale: Locale;
}) {
  const texts = consoleOpsTexts[locale];
  const t = texts.launches;
  const title = fillIn(t.failuresTitle, { days });
  const count = (value: number) => formatNumber(value, locale, 0);
  const failures = counted.map((failure) => ({
    ...failure,
    name: reasonName(failure.reason, { names: t.reasons, claimMalformed: t.claimMalformed }),
    stepName: t.steps[failure.step] ?? failure.step,
  }));
  return (
    <OpsChartCard
      id="chart-launch-failures"
      title={title}
      svg={
        failures.length === 0
          ? null
          : failureReasonsSvg(
              failures.map((failure) => ({
                label: `${failure.name ?? failure.reason} (${failure.stepName})`,
                count: failure.count,
              })),
              { title, description: texts.showNumbers },
              locale,
            )
      }
    >
      {failures.length === 0 ? (
        <p className="text-sm text-slate-600">{fillIn(t.noFailures, { days })}</p>
      ) : (
        <Table caption={title} columns={[t.reason, t.step, t.code, ...figures(t.count)]}>
          {failures.map((failure) => (
            <tr key={`${failure.step}|${failure.reason}`} data-reason={failure.reason}>
              <RowHeader>{failure.name ?? failure.reason}</RowHeader>
              <Td>{failure.stepName}</Td>
              <Td>
                <code className="text-xs text-slate-600">{failure.reason}</code>
              </Td>
              <Td numeric>{count(failure.count)}</Td>
            </tr>
          ))}
        </Table>
      )}
    </OpsChartCard>
  );
}
