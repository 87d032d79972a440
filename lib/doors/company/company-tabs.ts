import { DOCUMENT_KINDS } from '@/lib/base/document-kinds';
import type { Messages } from '@/lib/base/i18n/messages';
import { companyPath, kindPath } from '@/lib/service/records/present';

/**
 * The company's tabs, in order: the overview, each kind of document's list, the money, stock and partners, the
 * activity. Payments stay current on the accounts' page, which is reached from them. The company's pages
 * (app/companies/[tenantId]/layout.tsx) and a failed file's page in the company's frame
 * (lib/doors/company/failure-frame.ts) show the same ones. Each is a CompanyTab, the type of
 * components/company-tabs.tsx: a component never imports a door, so the shape is the component's own, and the
 * compiler checks these fit it where the layout hands them over.
 */
export function companyTabs(tenantId: string, t: Messages) {
  const nav = t.docs.nav;
  return [
    { href: companyPath(tenantId), label: nav.overview },
    ...DOCUMENT_KINDS.map((kind) => ({ href: kindPath(tenantId, kind), label: nav[kind] })),
    {
      href: companyPath(tenantId, 'payments'),
      label: t.money.tab,
      alsoCurrentUnder: [companyPath(tenantId, 'accounts')],
    },
    { href: companyPath(tenantId, 'stock'), label: t.stock.tab },
    { href: companyPath(tenantId, 'partners'), label: t.partners.tab },
    { href: companyPath(tenantId, 'activity'), label: t.activity.tab },
  ];
}
