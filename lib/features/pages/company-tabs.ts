import { DOCUMENT_KINDS } from '@/lib/base/document-kinds';
import type { Messages } from '@/lib/base/i18n/messages';
import { companyPath, kindPath } from '@/lib/service/records/present';

/**
 * The company's tabs, in order: the overview, each kind of document's list, the activity. The company's pages
 * (app/companies/[tenantId]/layout.tsx) and a failed file's page in the company's frame
 * (lib/doors/company/failure-frame.ts) show the same ones.
 */
export function companyTabs(tenantId: string, t: Messages): { href: string; label: string }[] {
  const nav = t.docs.nav;
  return [
    { href: companyPath(tenantId), label: nav.overview },
    ...DOCUMENT_KINDS.map((kind) => ({ href: kindPath(tenantId, kind), label: nav[kind] })),
    { href: companyPath(tenantId, 'activity'), label: t.activity.tab },
  ];
}
