import type { Metadata } from 'next';
import { requireOperator } from '@/lib/doors/console/operator';
import { getConsoleTexts } from '@/lib/features/console/texts';
import { getDb } from '@/lib/platform/db/client';
import { launchCounts } from '@/lib/owners/ops/launches';
import { fillDays, fillHours, lastDays, lastHours, reasonName } from '@/lib/features/console/ops-shape';
import { failureReasonsSvg, launchTallySvg } from '@/lib/features/charts/console-ops';
import { consoleOpsTexts, fillIn } from '@/lib/base/i18n/console-ops';
import { dayAndHour, hourOfDay, longDay, shortDay } from '@/lib/base/i18n/console-ops-format';
import { formatNumber } from '@/lib/base/i18n/format';
import { OpsChartCard } from '@/components/console/ops-chart-card';
import { figures, RowHeader, Table, Td } from '@/components/table';

export const dynamic = 'force-dynamic';

/** Days the per-day chart and the failures by reason cover (the records are kept 30). */
const DAYS = 14;

export async function generateMetadata(): Promise<Metadata> {
  const { locale, c } = await getConsoleTexts();
  return { title: { absolute: `${consoleOpsTexts[locale].launches.title} · ${c.consoleName}` } };
}

/**
 * Launches per hour (24 h) and per day (14 days), and failures by reason, from the operational records every
 * instance writes (lib/ops/): reason codes and counts only, nothing of the launch itself.
 */
export default async function ConsoleLaunches() {
  await requireOperator();
  const { locale } = await getConsoleTexts();
  const texts = consoleOpsTexts[locale];
  const t = texts.launches;
  const now = new Date();
  const days = lastDays(now, DAYS);
  const counts = await launchCounts(await getDb(), { since: new Date(`${days[0]}T00:00:00Z`) });
  const hourly = fillHours(counts.hourly, lastHours(now, 24));
  const daily = fillDays(counts.daily, days);
  const failures = counts.failures.map((failure) => ({
    ...failure,
    name: reasonName(failure.reason, { names: t.reasons, claimMalformed: t.claimMalformed }),
    stepName: t.steps[failure.step] ?? failure.step,
  }));
  const series = { exchanged: t.exchanged, signedIn: t.signedIn, failed: t.failed };
  const count = (value: number) => formatNumber(value, locale, 0);
  const dailyTitle = fillIn(t.dailyTitle, { days: DAYS });
  const failuresTitle = fillIn(t.failuresTitle, { days: DAYS });
  const tallyColumns = [...figures(t.exchanged, t.signedIn, t.failed)];

  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <h1 className="text-xl font-semibold text-slate-900">{t.title}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        {t.intro} {texts.utc}
      </p>
      <div className="mt-4 grid grid-cols-1 gap-4">
        <OpsChartCard
          id="chart-launches-hourly"
          title={t.hourlyTitle}
          svg={launchTallySvg(
            hourly.map((row) => hourOfDay(row.hour, locale)),
            hourly,
            series,
            { title: t.hourlyTitle, description: texts.showNumbers },
            locale,
          )}
        >
          <Table caption={t.hourlyTitle} columns={[t.hour, ...tallyColumns]}>
            {[...hourly].reverse().map((row) => (
              <tr key={row.hour.getTime()} data-hour={row.hour.toISOString()}>
                <RowHeader>{dayAndHour(row.hour, locale)}</RowHeader>
                <Td numeric>{count(row.exchanged)}</Td>
                <Td numeric>{count(row.signedIn)}</Td>
                <Td numeric>{count(row.failed)}</Td>
              </tr>
            ))}
          </Table>
        </OpsChartCard>

        <OpsChartCard
          id="chart-launches-daily"
          title={dailyTitle}
          svg={launchTallySvg(
            daily.map((row) => shortDay(row.day, locale)),
            daily,
            series,
            { title: dailyTitle, description: texts.showNumbers },
            locale,
          )}
        >
          <Table caption={dailyTitle} columns={[t.day, ...tallyColumns]}>
            {[...daily].reverse().map((row) => (
              <tr key={row.day} data-day={row.day}>
                <RowHeader>{longDay(row.day, locale)}</RowHeader>
                <Td numeric>{count(row.exchanged)}</Td>
                <Td numeric>{count(row.signedIn)}</Td>
                <Td numeric>{count(row.failed)}</Td>
              </tr>
            ))}
          </Table>
        </OpsChartCard>

        <OpsChartCard
          id="chart-launch-failures"
          title={failuresTitle}
          svg={
            failures.length === 0
              ? null
              : failureReasonsSvg(
                  failures.map((failure) => ({
                    label: `${failure.name ?? failure.reason} (${failure.stepName})`,
                    count: failure.count,
                  })),
                  { title: failuresTitle, description: texts.showNumbers },
                  locale,
                )
          }
        >
          {failures.length === 0 ? (
            <p className="text-sm text-slate-600">{fillIn(t.noFailures, { days: DAYS })}</p>
          ) : (
            <Table caption={failuresTitle} columns={[t.reason, t.step, t.code, ...figures(t.count)]}>
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
      </div>
    </main>
  );
}
