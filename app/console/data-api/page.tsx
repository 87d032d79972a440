import type { Metadata } from 'next';

import { ConsolePage } from '@/components/console/console-page';
import { DataApiUsage } from '@/components/console/data-api-usage';
import { consoleOpsTexts } from '@/lib/base/i18n/console-ops';
import { operatorPage } from '@/lib/doors/console/page';
import { consoleDataApi } from '@/lib/features/console/data-api';
import { consoleMetadata, getConsoleTexts } from '@/lib/features/console/texts';

export const dynamic = 'force-dynamic';

/** Companies drawn in their own colour; the rest are one grey series. */
const CHART_COMPANIES = 6;

export function generateMetadata(): Promise<Metadata> {
  return consoleMetadata(({ ops }) => ops.dataApi.title);
}

/**
 * Data-API use per company in the last 24 hours, from the operational records every instance writes
 * (lib/features/console/data-api.ts): calls, 429s, budget wait p50/p95 per priority, errors by kind, and calls per
 * hour as a chart.
 */
export default operatorPage(async () => {
  const [{ locale }, usage] = await Promise.all([
    getConsoleTexts(),
    consoleDataApi({ chartCompanies: CHART_COMPANIES }),
  ]);
  const texts = consoleOpsTexts[locale];
  return (
    <ConsolePage title={texts.dataApi.title} intro={texts.dataApi.intro} utcNote={texts.utc}>
      <DataApiUsage usage={usage} locale={locale} />
    </ConsolePage>
  );
});
