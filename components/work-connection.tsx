import type { ActivityTexts } from '@/lib/base/i18n/activity';
import { fill } from '@/lib/base/i18n/documents';
import type { DriverView } from '@/lib/features/activity/page';

import { DetailSection } from './detail-parts';

/** Which connection does the company's work (how it came, whose), never its token. */
export function WorkConnection({ driver, texts }: { driver: DriverView; texts: ActivityTexts }) {
  const d = texts.driver;
  const { connection } = driver;
  return (
    <DetailSection id="work-connection" title={d.title} className="mt-6">
      <div className="space-y-2 text-sm text-slate-700" data-work-source={connection?.source ?? 'none'}>
        <p>{d.help}</p>
        <p>
          {connection
            ? fill(d.driven, {
                source: d.sources[connection.source],
                user: connection.mine ? fill(d.you, { user: connection.userId }) : connection.userId,
              })
            : d.none}
        </p>
        {driver.ownUnproven && <p>{d.ownUnproven}</p>}
      </div>
    </DetailSection>
  );
}
