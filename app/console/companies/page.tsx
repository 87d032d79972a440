import type { Metadata } from 'next';

import { ConsoleActionsPage } from '@/components/console/action-outcome';
import { one } from '@/components/console/cells';
import { CompaniesTable } from '@/components/console/companies-table';
import { CompanyConfirmation } from '@/components/console/company-confirmation';
import { operatorPage } from '@/lib/doors/console/page';
import { consoleCompanies } from '@/lib/features/console/companies';
import { getConsoleDataTexts } from '@/lib/features/console/data-texts';
import { readOutcome } from '@/lib/features/console/outcome';
import { consoleMetadata } from '@/lib/features/console/texts';

import { disconnectCompanyAction, resyncCompanyAction } from '../actions';

export function generateMetadata(): Promise<Metadata> {
  return consoleMetadata(({ d }) => d.companies.title);
}

/**
 * Companies: every company the add-on knows of (lib/features/console/companies.ts): users and launches, connection, the
 * mirror, notifications, key ids (never a secret: none is selected). Per company "Sync now" and "Disconnect", each
 * through its confirmation step (`?confirm=…`) to a server action.
 */
export default operatorPage(async ({ search }) => {
  const [texts, companies] = await Promise.all([getConsoleDataTexts(), consoleCompanies()]);
  const target = companies.find(
    (company) => company.pluginId === one(search.pluginId) && company.tenantId === one(search.tenantId),
  );
  return (
    <ConsoleActionsPage section={texts.d.companies} outcome={readOutcome(search)} texts={texts}>
      <CompanyConfirmation
        confirm={one(search.confirm)}
        target={target}
        texts={texts}
        actions={{ disconnect: disconnectCompanyAction, resync: resyncCompanyAction }}
      />
      <CompaniesTable companies={companies} texts={texts} />
    </ConsoleActionsPage>
  );
});
