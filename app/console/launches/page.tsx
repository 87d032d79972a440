import type { Metadata } from 'next';

import { ConsolePage } from '@/components/console/console-page';
import { LaunchCharts } from '@/components/console/launch-charts';
import { consoleOpsTexts } from '@/lib/base/i18n/console-ops';
import { operatorPage } from '@/lib/doors/console/page';
import { consoleLaunches } from '@/lib/features/console/launches';
import { consoleMetadata, getConsoleTexts } from '@/lib/features/console/texts';

export const dynamic = 'force-dynamic';

/** Days the per-day chart and the failures by reason cover (the records are kept 30). */
const DAYS = 14;

export function generateMetadata(): Promise<Metadata> {
  return consoleMetadata(({ ops }) => ops.launches.title);
}

/**
 * Launches per hour (24 h) and per day (14 days), and failures by reason, from the operational records every
 * instance writes (lib/features/console/launches.ts): reason codes and counts only, nothing of the launch itself.
 */
export default operatorPage(async () => {
  const [{ locale }, launches] = await Promise.all([getConsoleTexts(), consoleLaunches({ days: DAYS })]);
  const texts = consoleOpsTexts[locale];
  return (
    <ConsolePage title={texts.launches.title} intro={texts.launches.intro} utcNote={texts.utc}>
      <LaunchCharts launches={launches} days={DAYS} locale={locale} />
    </ConsolePage>
  );
});
