import type { Metadata } from 'next';

import { AuditFilter } from '@/components/console/audit-filter';
import { AuditTable } from '@/components/console/audit-table';
import { ConsolePage } from '@/components/console/console-page';
import { operatorPage } from '@/lib/doors/console/page';
import { consoleAuditLog } from '@/lib/features/console/audit';
import { getConsoleDataTexts } from '@/lib/features/console/data-texts';
import { consoleMetadata } from '@/lib/features/console/texts';

export function generateMetadata(): Promise<Metadata> {
  return consoleMetadata(({ d }) => d.audit.title);
}

/**
 * The audit log (lib/owners/audit/console-audit.ts), newest first, filtered by a GET form (operator, action, company,
 * result, a date range in UTC days, both ends included), 50 entries a page with a link to older ones. A filter that
 * does not parse shows one clear message and no entries (lib/features/console/audit.ts).
 */
export default operatorPage(async ({ search }) => {
  const [texts, log] = await Promise.all([getConsoleDataTexts(), consoleAuditLog(search)]);
  return (
    <ConsolePage title={texts.d.audit.title} intro={texts.d.audit.intro}>
      <AuditFilter values={log.values} filtered={log.filterQuery.size > 0} texts={texts} />
      <AuditTable log={log} texts={texts} />
    </ConsolePage>
  );
});
